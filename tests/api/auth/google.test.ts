// Google sign-in (SPEC.md §1, DESIGN.md "Identity") against a real OpenID provider
// (oidc-provider) on 127.0.0.1, found through GOOGLE_DISCOVERY_URL. The test plays
// the browser popup: it follows every redirect by hand, carrying each origin's
// cookies; calls to Plateful go through app.inject, calls to the provider over HTTP.
// Plateful's own server-to-server calls (discovery, JWKS, token, userinfo) are real.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GOOGLE_NOT_CONFIGURED } from '../../../src/server/auth/auth.js';
import { accounts, users } from '../../../src/server/db/schema/index.js';
import { startOpenIdProvider, type OpenIdProvider } from '../../support/oidc-provider.js';
import { CLIENT_ID, CLIENT_SECRET, PUBLIC_URL, getSession, googleAccount, googleSignIn } from './google-flow.js';
import { BACKENDS, call, cookieHeader, signInWith, signUp, startApp, type TestApp } from '../harness.js';

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

  it('links a Google account to a verified password account with the same email: one user, two accounts, the password kept', async () => {
    const person = await signUp(t.app, 'Pat Password');
    // Verified earlier (mail link or reset): the account is the mailbox owner's.
    await t.app.db.update(users).set({ emailVerified: true }).where(eq(users.email, person.email));
    const g = googleAccount({ email: person.email.toUpperCase(), name: 'Patricia on Google' });
    op.next = g;
    const { landing, jar } = await googleSignIn(t);
    expect(landing.searchParams.get('error')).toBeNull();

    const session = (await getSession(t, jar)).json();
    expect(session.user).toMatchObject({ email: person.email, name: 'Pat Password', image: person.image, emailVerified: true });
    const sameEmail = await t.app.db.select().from(users).where(eq(users.email, person.email));
    expect(sameEmail).toHaveLength(1);
    expect(sameEmail[0]!.id).toBe(session.user.id);
    const rows = await t.app.db.select().from(accounts).where(eq(accounts.userId, session.user.id));
    expect(rows.map((r) => r.providerId).sort()).toEqual(['credential', 'google']);

    // The password and the earlier session still work.
    const signIn = await signInWith(t.app, { email: person.email });
    expect(signIn.statusCode).toBe(200);
    expect((await call(t.app, 'POST', '/api/jwt', person, { email: person.email })).statusCode).toBe(200);
  });

  it('closes pre-hijacking: Google joining a never-verified account removes the earlier password and ends its sessions', async () => {
    // The attacker registers the victim's address first, with a password of their own, and keeps a session.
    const attacker = await signUp(t.app, 'Mallory Early');
    const victimAddress = attacker.email;
    const signIn = (password: string) => signInWith(t.app, { email: victimAddress, password });
    const second = await signIn('correct-horse-1');
    expect(second.statusCode).toBe(200);
    const attackerSessions = [attacker, { ...attacker, cookie: cookieHeader(second) }];

    // The victim, who owns the mailbox, signs in with Google.
    op.next = googleAccount({ email: victimAddress, name: 'Victor Victim' });
    const { landing, jar } = await googleSignIn(t);
    expect(landing.searchParams.get('error')).toBeNull();
    const session = (await getSession(t, jar)).json();
    expect(session.user).toMatchObject({ email: victimAddress, emailVerified: true });
    const rows = await t.app.db.select().from(accounts).where(eq(accounts.userId, session.user.id));
    expect(rows.map((r) => r.providerId)).toEqual(['google']);

    // The attacker's password and both sessions are dead, for reads and writes alike.
    expect((await signIn('correct-horse-1')).statusCode).toBe(401);
    for (const s of attackerSessions) {
      expect((await call(t.app, 'GET', '/api/auth/get-session', s)).json()).toBeNull();
      expect((await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(victimAddress)}`, s)).statusCode).toBe(401);
      expect((await call(t.app, 'POST', '/api/jwt', s, { email: victimAddress })).statusCode).toBe(401);
    }
    // The victim's own session works.
    const jwt = await t.app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie: jar.header(PUBLIC_URL) }, payload: { email: victimAddress } });
    expect(jwt.statusCode).toBe(200);
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
