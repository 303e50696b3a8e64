// Cross-site requests (src/server/http/origin.ts): writes to /api
// from a foreign Origin are refused with a 403 problem and change nothing;
// PUBLIC_URL, CORS_ORIGINS and Origin-less calls pass. Better Auth's own origin
// check is on (also under NODE_ENV=test), and CORS answers only trusted origins.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

const SELF = 'http://localhost:3000';
const PARTNER = 'https://partner.example.net';
const EVIL = 'https://evil.example.com';

describe.each(BACKENDS)('cross-site requests on %s', (backend) => {
  let t: TestApp;
  let user: Person;
  let foodId: string;

  beforeAll(async () => {
    t = await startApp(backend, { CORS_ORIGINS: PARTNER });
    user = await signUp(t.app, 'Olga Origin');
    foodId = (await send('POST', '/api/foods', undefined, foodBody())).json().insertedId;
  });
  afterAll(() => t.close());

  function send(method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS', url: string, origin?: string, payload?: unknown, extra: Record<string, string> = {}) {
    return t.app.inject({
      method,
      url,
      headers: { cookie: user.cookie, ...(origin === undefined ? {} : { origin }), ...extra },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  }
  const counts = async () => {
    const r = await t.app.db.execute(sql`select (select count(*) from foods) || '/' || (select count(*) from requests) || '/' || (select string_agg(name, ',' order by id) from foods) as c`);
    return JSON.stringify((r as unknown as { rows: unknown[] }).rows);
  };

  type Write = ['POST' | 'PUT' | 'PATCH' | 'DELETE', string, () => unknown];
  it.each<Write>([
    ['POST', '/api/foods', () => foodBody()],
    ['PUT', '/api/foods/{id}', () => foodBody({ FoodName: 'Hijacked' })],
    ['DELETE', '/api/foods/{id}', () => undefined],
    ['POST', '/api/requests', () => ({ FoodId: foodId })],
    ['PATCH', '/api/requests/{id}', () => ({ Status: 'Delivered' })],
    ['DELETE', '/api/requests/{id}', () => undefined],
    ['POST', '/api/jwt', () => ({ email: user.email })],
    ['POST', '/api/auth/update-user', () => ({ name: 'Hijacked' })],
    ['POST', '/api/auth/sign-out', () => ({})],
  ])('refuses %s %s from a foreign origin with a 403 problem and changes nothing', async (method, path, body) => {
    const before = await counts();
    for (const origin of [EVIL, 'null', `${SELF}.evil.com`, 'http://localhost:3001', 'https://localhost:3000']) {
      const res = await send(method, path.replace('{id}', foodId), origin, body());
      expect(res.statusCode, `${origin}: ${res.body}`).toBe(403);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json()).toMatchObject({ status: 403, title: 'Forbidden' });
    }
    expect(await counts()).toBe(before);
  });

  it('lets PUBLIC_URL, its loopback alias, CORS_ORIGINS and Origin-less calls write', async () => {
    for (const origin of [SELF, 'http://127.0.0.1:3000', PARTNER, undefined]) {
      const res = await send('POST', '/api/foods', origin, foodBody({ FoodName: `From ${origin ?? 'curl'}` }));
      expect(res.statusCode, `${origin}: ${res.body}`).toBe(201);
    }
  });

  it('lets foreign origins read (CORS keeps the answer from their scripts)', async () => {
    const res = await send('GET', '/api/foods?sortByDate=dec', EVIL);
    expect(res.statusCode).toBe(200);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it("keeps Better Auth's own origin check on for its routes", async () => {
    // Straight to Better Auth, past our hook: a cookie-bearing POST from a foreign origin or none.
    const ask = (origin?: string) =>
      t.app.auth.handler(
        new Request(`${SELF}/api/auth/update-user`, {
          method: 'POST',
          headers: { cookie: user.cookie, 'content-type': 'application/json', ...(origin ? { origin } : {}) },
          body: JSON.stringify({ name: 'Hijacked' }),
        }),
      );
    expect((await ask(EVIL)).status).toBe(403);
    expect((await ask()).status).toBe(403);
    expect((await ask(SELF)).status).toBe(200);
    // A sign-in posted from a foreign page is refused as well (login CSRF).
    const signIn = await t.app.auth.handler(
      new Request(`${SELF}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: EVIL },
        body: JSON.stringify({ email: user.email, password: 'correct-horse-1' }),
      }),
    );
    expect(signIn.status).toBe(403);
  });

  it('answers CORS preflights with credentials for trusted origins only', async () => {
    const preflight = (origin: string) =>
      t.app.inject({
        method: 'OPTIONS',
        url: '/api/foods',
        headers: { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
      });
    for (const origin of [SELF, PARTNER]) {
      const res = await preflight(origin);
      expect(res.statusCode).toBe(204);
      expect(res.headers['access-control-allow-origin']).toBe(origin);
      expect(res.headers['access-control-allow-credentials']).toBe('true');
      expect(String(res.headers.vary)).toMatch(/origin/i);
    }
    const evil = await preflight(EVIL);
    expect(evil.headers['access-control-allow-origin']).toBeUndefined();
    expect(evil.headers['access-control-allow-credentials']).toBeUndefined();
    // A simple request from a trusted origin is exposed to it, with credentials.
    const get = await send('GET', '/api/foods?sortByDate=dec', PARTNER);
    expect(get.headers['access-control-allow-origin']).toBe(PARTNER);
    expect(get.headers['access-control-allow-credentials']).toBe('true');
  });
});
