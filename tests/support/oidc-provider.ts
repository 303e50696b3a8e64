/**
 * A real OpenID provider (the `oidc-provider` package) on 127.0.0.1, standing in
 * for Google in the tests (DESIGN.md "How it starts": GOOGLE_DISCOVERY_URL). One
 * confidential client; the provider's own login and consent pages are replaced by
 * one of ours that signs in the account in `next` and grants what was asked:
 * automatically (`interaction: 'auto'`, for tests that follow redirects by hand) or
 * after a click on 'Continue' (`'form'`, for the browser popup).
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider from 'oidc-provider';

/** A user at the provider; `picture` and `name` become the Plateful profile (SPEC.md §3 User). */
export interface TestAccount {
  sub: string;
  email: string;
  name: string;
  picture: string;
}

export interface OpenIdProviderOptions {
  clientId: string;
  clientSecret: string;
  /** Plateful's Google callback, e.g. `http://localhost:3000/api/auth/callback/google`. */
  redirectUri: string;
  /** Port on 127.0.0.1; 0 (default) picks a free one. */
  port?: number;
  /** `'auto'` (default) finishes the login at once; `'form'` shows a page with a 'Continue' button. */
  interaction?: 'auto' | 'form';
}

export interface OpenIdProvider {
  issuer: string;
  /** `${issuer}/.well-known/openid-configuration`, for GOOGLE_DISCOVERY_URL. */
  discoveryUrl: string;
  /** Who the next sign-in at the provider logs in as; `'deny'` refuses the request. */
  next: TestAccount | 'deny';
  close(): Promise<void>;
}

/** oidc-provider storage in a Map (its default does the same, with a warning). */
function memoryAdapter() {
  const store = new Map<string, { payload: Record<string, unknown>; consumed?: number }>();
  return class MemoryAdapter {
    constructor(private readonly model: string) {}
    private key(id: string) {
      return `${this.model}:${id}`;
    }
    async upsert(id: string, payload: Record<string, unknown>) {
      store.set(this.key(id), { payload });
    }
    async find(id: string) {
      const entry = store.get(this.key(id));
      return entry && { ...entry.payload, ...(entry.consumed ? { consumed: entry.consumed } : {}) };
    }
    async findByUid(uid: string) {
      for (const [key, entry] of store) if (key.startsWith(`${this.model}:`) && entry.payload.uid === uid) return entry.payload;
      return undefined;
    }
    async findByUserCode() {
      return undefined;
    }
    async consume(id: string) {
      const entry = store.get(this.key(id));
      if (entry) entry.consumed = Math.floor(Date.now() / 1000);
    }
    async destroy(id: string) {
      store.delete(this.key(id));
    }
    async revokeByGrantId(grantId: string) {
      for (const [key, entry] of store) if (entry.payload.grantId === grantId) store.delete(key);
    }
  };
}

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** The provider's sign-in page: who signs in, and a 'Continue' button posting back to the interaction. */
function consentPage(res: ServerResponse, action: string, who: TestAccount | 'deny') {
  const body =
    who === 'deny'
      ? '<p>Sign-in refused.</p>'
      : `<p>Sign in to Plateful as ${escapeHtml(who.name)} (${escapeHtml(who.email)})?</p>`;
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Test OpenID provider</title></head>
<body><main><h1>Test OpenID provider</h1>${body}
<form method="post" action="${escapeHtml(action)}"><button type="submit">Continue</button></form></main></body></html>`);
}

/**
 * Starts the provider with one client (`client_secret_post`, authorization code,
 * PKCE) whose only redirect URI is `opts.redirectUri`, signing ID tokens with a
 * fresh RS256 key. Resolves once it listens.
 */
export async function startOpenIdProvider(opts: OpenIdProviderOptions): Promise<OpenIdProvider> {
  // Set once the port, and so the issuer, is known.
  const ref: { provider?: Provider } = {};
  const accountsBySub = new Map<string, TestAccount>();

  async function finish(provider: Provider, req: IncomingMessage, res: ServerResponse) {
    const details = await provider.interactionDetails(req, res);
    const who = state.next;
    if (who === 'deny') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user said no.' });
      return;
    }
    accountsBySub.set(who.sub, who);
    const grant = new provider.Grant({ accountId: who.sub, clientId: String(details.params.client_id) });
    grant.addOIDCScope(String(details.params.scope));
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: who.sub }, consent: { grantId } });
  }

  const server = createServer((req, res) => {
    const provider = ref.provider;
    if (!provider) return void res.writeHead(503).end();
    if (!req.url?.startsWith('/interaction/')) return void provider.callback()(req, res);
    const showForm = opts.interaction === 'form' && req.method === 'GET';
    (showForm ? Promise.resolve(consentPage(res, req.url, state.next)) : finish(provider, req, res)).catch((err: Error) =>
      res.writeHead(500).end(err.message),
    );
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const state: OpenIdProvider = {
    issuer,
    discoveryUrl: `${issuer}/.well-known/openid-configuration`,
    next: 'deny',
    close: () => new Promise<void>((resolve, reject) => server.close((e) => (e ? reject(e) : resolve()))),
  };

  const signingKey = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  ref.provider = new Provider(issuer, {
    clients: [
      {
        client_id: opts.clientId,
        client_secret: opts.clientSecret,
        redirect_uris: [opts.redirectUri],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    jwks: { keys: [{ ...signingKey, kid: 'test-key', use: 'sig', alg: 'RS256' }] as never },
    cookies: { keys: ['oidc-test-cookie-key-0123456789'] },
    features: { devInteractions: { enabled: false } },
    adapter: memoryAdapter(),
    ttl: { AccessToken: 600, AuthorizationCode: 60, Grant: 600, IdToken: 600, Interaction: 600, Session: 600 },
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'picture'] },
    // Like Google, the ID token carries the granted profile and email claims too (not only userinfo).
    conformIdTokenClaims: false,
    async findAccount(_ctx, sub) {
      const account = accountsBySub.get(sub);
      if (!account) return undefined;
      return {
        accountId: sub,
        claims: async () => ({ sub, email: account.email, email_verified: true, name: account.name, picture: account.picture }),
      };
    },
  });
  return state;
}
