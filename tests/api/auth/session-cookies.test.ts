// Session security (DESIGN.md "Identity"): cookie attributes on
// http and https, POST /api/jwt never vouches for someone else, and a revoked
// session stops reading and writing at once (no cookie cache).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, cookieHeader, foodBody, signInAgain, signUp, signUpWith, startApp, type Person, type TestApp } from '../harness.js';

const setCookies = (res: { headers: Record<string, unknown> }) => ([] as string[]).concat((res.headers['set-cookie'] as string[]) ?? []);

describe('session cookies', () => {
  it('are HTTP-only and SameSite=Lax, not Secure, on an http PUBLIC_URL', async () => {
    const t = await startApp('pglite');
    try {
      const res = await signUpWith(t.app, { name: 'Hal Http', email: 'hal@example.org', password: 'correct-horse-1', image: 'https://i.example.org/h.png' });
      const cookies = setCookies(res);
      expect(cookies.length).toBeGreaterThan(0);
      for (const c of cookies) {
        expect(c).toMatch(/;\s*HttpOnly/i);
        expect(c).toMatch(/;\s*SameSite=Lax/i);
        expect(c).not.toMatch(/;\s*Secure/i);
      }
    } finally {
      await t.close();
    }
  });

  it('are Secure with the __Secure- prefix on an https PUBLIC_URL', async () => {
    const t = await startApp('pglite', { PUBLIC_URL: 'https://plateful.example.org' });
    try {
      const res = await signUpWith(t.app, { name: 'Sue Secure', email: 'sue@example.org', password: 'correct-horse-1', image: 'https://i.example.org/s.png' });
      expect(res.statusCode, res.body).toBe(200);
      const cookies = setCookies(res);
      expect(cookies.some((c) => c.startsWith('__Secure-better-auth.session_token='))).toBe(true);
      for (const c of cookies) {
        expect(c).toMatch(/^__Secure-/);
        expect(c).toMatch(/;\s*Secure/i);
        expect(c).toMatch(/;\s*HttpOnly/i);
        expect(c).toMatch(/;\s*SameSite=Lax/i);
      }
      // The prefixed cookie is the one the server reads back.
      const cookie = cookieHeader(res);
      const jwt = await t.app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie }, payload: { email: 'sue@example.org' } });
      expect(jwt.statusCode).toBe(200);
      // And an unprefixed copy of the same token is not accepted.
      const unprefixed = cookie.replaceAll('__Secure-', '');
      const forged = await t.app.inject({ method: 'POST', url: '/api/jwt', headers: { cookie: unprefixed }, payload: { email: 'sue@example.org' } });
      expect(forged.statusCode).toBe(401);
    } finally {
      await t.close();
    }
  });
});

describe.each(BACKENDS)('session lifetime on %s', (backend) => {
  let t: TestApp;
  const ORIGIN = 'http://localhost:3000';
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(() => t.close());

  const cachedSession = (p: Person) => t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: p.cookie } });

  it("POST /api/jwt with someone else's email answers 401 and sets no cookie", async () => {
    const me = await signUp(t.app, 'Jay');
    const you = await signUp(t.app, 'Kay');
    const res = await call(t.app, 'POST', '/api/jwt', me, { email: you.email });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('stops a session revoked elsewhere from reading and writing at once', async () => {
    const laptop = await signUp(t.app, 'Rita Revoked');
    const phone = await signInAgain(t.app, laptop);
    const foodId = (await call(t.app, 'POST', '/api/foods', laptop, foodBody())).json().insertedId as string;
    expect(foodId).toBeTruthy();

    const revoke = await t.app.inject({ method: 'POST', url: '/api/auth/revoke-sessions', headers: { cookie: phone.cookie, origin: ORIGIN } });
    expect(revoke.statusCode, revoke.body).toBe(200);

    // No cookie cache to trust: the session is gone for reads…
    expect((await cachedSession(laptop)).json()).toBeNull();
    expect(setCookies(await cachedSession(laptop)).join()).not.toMatch(/session_data=[^;]/);
    // …and for writes.
    expect((await call(t.app, 'POST', '/api/foods', laptop, foodBody())).statusCode).toBe(401);
    expect((await call(t.app, 'PUT', `/api/foods/${foodId}`, laptop, foodBody({ FoodName: 'Stolen' }))).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', `/api/foods/${foodId}`, laptop)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/jwt', laptop, { email: laptop.email })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`)).json().FoodName).toBe('Fresh Apples');
  });

  it('stops a signed-out session cookie that is replayed later', async () => {
    const user = await signUp(t.app, 'Sid Signout');
    const other = await signInAgain(t.app, user);
    const out = await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: other.cookie, origin: ORIGIN } });
    expect(out.statusCode, out.body).toBe(200);
    expect((await cachedSession(other)).json()).toBeNull();
    const replay = await call(t.app, 'POST', '/api/foods', other, foodBody());
    expect(replay.statusCode).toBe(401);
    // The user's other session is untouched.
    expect((await call(t.app, 'POST', '/api/foods', user, foodBody())).statusCode).toBe(201);
  });
});
