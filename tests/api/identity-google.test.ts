// Google sign-in (SPEC.md §1, DESIGN.md "Identity") against a real OpenID provider
// (oidc-provider) on 127.0.0.1, found through GOOGLE_DISCOVERY_URL. The test plays
// the browser popup: it follows every redirect by hand, carrying each origin's
// cookies; calls to Plateful go through app.inject, calls to the provider over HTTP.
// Plateful's own server-to-server calls (discovery, JWKS, token, userinfo) are real.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_NOT_CONFIGURED } from '../../src/server/auth/auth.js';
import { accounts, users } from '../../src/server/db/schema.js';
import { startOpenIdProvider, type OpenIdProvider, type TestAccount } from '../support/oidc-provider.js';
import { BACKENDS, signUp, startApp, type TestApp } from './harness.js';

const PUBLIC_URL = 'http://plateful.test';
const CLIENT_ID = 'plateful-test-client';
const CLIENT_SECRET = 'plateful-test-client-secret-0123456789abcdef';

/** Cookies per origin, as a browser keeps them. */
class CookieJar {
  private readonly jar = new Map<string, Map<string, string>>();
  header(origin: string): string {
    return [...(this.jar.get(origin) ?? new Map<string, string>())].map(([k, v]) => `${k}=${v}`).join('; ');
  }
  store(origin: string, setCookies: string[]) {
    const cookies = this.jar.get(origin) ?? new Map<string, string>();
    for (const c of setCookies) {
      const pair = c.split(';')[0]!;
      const at = pair.indexOf('=');
      const [name, value] = [pair.slice(0, at).trim(), pair.slice(at + 1).trim()];
      if (!value || /max-age=0/i.test(c)) cookies.delete(name);
      else cookies.set(name, value);
    }
    this.jar.set(origin, cookies);
  }
}

/** GET `url` as the popup would: Plateful through app.inject, the provider over HTTP. Returns status and Location. */
async function visit(t: TestApp, jar: CookieJar, url: URL): Promise<{ status: number; location?: URL }> {
  const cookie = jar.header(url.origin);
  if (url.origin === PUBLIC_URL) {
    const res = await t.app.inject({ method: 'GET', url: url.pathname + url.search, headers: cookie ? { cookie } : {} });
    jar.store(url.origin, ([] as string[]).concat(res.headers['set-cookie'] ?? []));
    const location = res.headers.location;
    return { status: res.statusCode, location: location ? new URL(String(location), url) : undefined };
  }
  const res = await fetch(url, { redirect: 'manual', headers: cookie ? { cookie } : {} });
  jar.store(url.origin, res.headers.getSetCookie());
  const location = res.headers.get('location');
  await res.arrayBuffer();
  return { status: res.status, location: location ? new URL(location, url) : undefined };
}

/**
 * Runs the popup: POST /api/auth/sign-in/social, then follows redirects until the
 * popup lands back on a Plateful page outside /api. Returns that page's URL and the jar.
 */
async function googleSignIn(t: TestApp) {
  const jar = new CookieJar();
  const start = await t.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/social',
    headers: { origin: PUBLIC_URL },
    payload: { provider: 'google', callbackURL: '/auth/popup-done', errorCallbackURL: '/auth/popup-done', disableRedirect: true },
  });
  expect(start.statusCode).toBe(200);
  jar.store(PUBLIC_URL, ([] as string[]).concat(start.headers['set-cookie'] ?? []));
  const body = start.json() as { url: string; redirect: boolean };
  expect(body.redirect).toBe(false);
  const authorize = new URL(body.url);
  let url = authorize;
  for (let hop = 0; hop < 15; hop++) {
    const { status, location } = await visit(t, jar, url);
    if (!location) throw new Error(`stopped at ${url} with ${status}`);
    if (location.origin === PUBLIC_URL && !location.pathname.startsWith('/api/')) return { landing: location, jar, authorize };
    url = location;
  }
  throw new Error('too many redirects');
}

const getSession = (t: TestApp, jar: CookieJar) =>
  t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: jar.header(PUBLIC_URL) } });

let subCounter = 0;
function googleAccount(overrides: Partial<TestAccount> = {}): TestAccount {
  subCounter += 1;
  return {
    sub: `google-sub-${subCounter}-${Date.now()}`,
    email: `g${subCounter}.${Date.now()}@gmail.example`,
    name: `Gina Google ${subCounter}`,
    picture: `https://lh3.googleusercontent.example/a/photo-${subCounter}.png`,
    ...overrides,
  };
}

describe.each(BACKENDS)('Google sign-in on %s', (backend) => {
  let op: OpenIdProvider;
  let t: TestApp;
  beforeAll(async () => {
    op = await startOpenIdProvider({
      clientId: CLIENT_ID,
      clientSecret: CLIENT_SECRET,
      redirectUri: `${PUBLIC_URL}/api/auth/callback/google`,
    });
    t = await startApp(backend, {
      PUBLIC_URL,
      GOOGLE_CLIENT_ID: CLIENT_ID,
      GOOGLE_CLIENT_SECRET: CLIENT_SECRET,
      GOOGLE_DISCOVERY_URL: op.discoveryUrl,
    });
  });
  afterAll(async () => {
    await t?.close();
    await op?.close();
  });

  it('tells the client Google is offered', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/auth-providers' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ google: true });
  });

  it("signs a new user in through the provider: the session has the Google account's name, email and picture", async () => {
    const g = googleAccount();
    op.next = g;
    const { landing, jar, authorize } = await googleSignIn(t);

    // The authorization request found through discovery: PKCE, the three scopes, our callback.
    expect(authorize.origin).toBe(op.issuer);
    expect(authorize.searchParams.get('client_id')).toBe(CLIENT_ID);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${PUBLIC_URL}/api/auth/callback/google`);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')!.split(' ')).toEqual(expect.arrayContaining(['openid', 'email', 'profile']));

    expect(`${landing.origin}${landing.pathname}`).toBe(`${PUBLIC_URL}/auth/popup-done`);
    expect(landing.searchParams.get('error')).toBeNull();
    const session = await getSession(t, jar);
    expect(session.json()?.user).toMatchObject({ name: g.name, email: g.email, image: g.picture, emailVerified: true });

    const userId = session.json().user.id as string;
    const rows = await t.app.db.select().from(accounts).where(eq(accounts.userId, userId));
    expect(rows.map((r) => [r.providerId, r.accountId])).toEqual([['google', g.sub]]);

    // The session writes like any other.
    const jwt = await t.app.inject({
      method: 'POST',
      url: '/api/jwt',
      headers: { cookie: jar.header(PUBLIC_URL) },
      payload: { email: g.email },
    });
    expect(jwt.statusCode).toBe(200);

    // Signing in again finds the same user.
    const again = await googleSignIn(t);
    expect((await getSession(t, again.jar)).json().user.id).toBe(userId);
  });

  it('links a Google account to the password account with the same email: one user, two accounts', async () => {
    const person = await signUp(t.app, 'Pat Password');
    const g = googleAccount({ email: person.email.toUpperCase(), name: 'Patricia on Google' });
    op.next = g;
    const { landing, jar } = await googleSignIn(t);
    expect(landing.searchParams.get('error')).toBeNull();

    const session = (await getSession(t, jar)).json();
    expect(session.user).toMatchObject({ email: person.email, name: 'Pat Password', image: person.image });
    const sameEmail = await t.app.db.select().from(users).where(eq(users.email, person.email));
    expect(sameEmail).toHaveLength(1);
    expect(sameEmail[0]!.id).toBe(session.user.id);
    const rows = await t.app.db.select().from(accounts).where(eq(accounts.userId, session.user.id));
    expect(rows.map((r) => r.providerId).sort()).toEqual(['credential', 'google']);

    // The password still works.
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/email',
      payload: { email: person.email, password: 'correct-horse-1' },
    });
    expect(signIn.statusCode).toBe(200);
  });

  it('brings a refusal at the provider back to the popup page as ?error=, without a session', async () => {
    op.next = 'deny';
    const { landing, jar } = await googleSignIn(t);
    expect(`${landing.origin}${landing.pathname}`).toBe(`${PUBLIC_URL}/auth/popup-done`);
    expect(landing.searchParams.get('error')).toBe('access_denied');
    expect((await getSession(t, jar)).json()).toBeNull();
  });
});

describe.each(BACKENDS)('Google sign-in not configured on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(() => t?.close());

  it('tells the client Google is not offered, and refuses the start with a clear 404', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/auth-providers' })).json()).toEqual({ google: false });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-in/social',
      payload: { provider: 'google', callbackURL: '/auth/popup-done', disableRedirect: true },
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'GOOGLE_NOT_CONFIGURED', message: GOOGLE_NOT_CONFIGURED });
    expect(res.json().message).toContain('Google sign-in is not configured');
  });
});
