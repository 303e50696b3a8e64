// Brute force and abuse limits (src/server/auth/limits.ts, src/server/http/limits.ts):
// failed sign-ins per account and address (never locking the owner out), Better Auth's per-IP limit (with Retry-After, and
// deaf to a client's X-Forwarded-For), writes per user. Counters live in the
// database, so on PostgreSQL two app instances on one database share them.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUTH_IP_LIMITS, SIGN_IN_PAIR_LIMIT } from '../../../src/server/auth/limits.js';
import { WRITE_LIMIT } from '../../../src/server/http/limits.js';
import { BACKENDS, buildTestApp, foodBody, freshPostgres, SIGN_IN_HEAVY_MS, signInWith, signUp, startApp, type Person } from '../harness.js';

const UNKNOWN = '00000000-0000-4000-8000-000000000000';

/** Two app instances on one database: two processes on PostgreSQL, one app twice on PGlite. */
async function twoInstances(backend: (typeof BACKENDS)[number]): Promise<{ a: FastifyInstance; b: FastifyInstance; close(): Promise<void> }> {
  if (backend === 'pglite') {
    const t = await startApp('pglite');
    return { a: t.app, b: t.app, close: () => t.close() };
  }
  const pgdb = await freshPostgres();
  const build = () => buildTestApp(pgdb.url);
  const one = await build();
  const two = await build();
  return {
    a: one.app,
    b: two.app,
    async close() {
      for (const x of [one, two]) {
        await x.app.close();
        await x.database.close();
      }
      await pgdb.drop();
    },
  };
}

const signIn = (app: FastifyInstance, email: string, password: string, ip = '203.0.113.7', headers: Record<string, string> = {}) =>
  signInWith(app, { email, password, remoteAddress: ip, headers });

function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; body: string }, maxWait: number) {
  expect(res.statusCode, res.body).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(1);
  expect(wait).toBeLessThanOrEqual(maxWait);
}

describe.each(BACKENDS)('abuse limits on %s', (backend) => {
  let apps: Awaited<ReturnType<typeof twoInstances>>;
  beforeAll(async () => {
    apps = await twoInstances(backend);
  });
  afterAll(() => apps.close());

  it('keeps the limits generous enough for normal use', () => {
    expect(AUTH_IP_LIMITS.signUp.max).toBeGreaterThanOrEqual(20);
    expect(AUTH_IP_LIMITS.signIn.max).toBeGreaterThanOrEqual(20);
    expect(SIGN_IN_PAIR_LIMIT.max).toBeGreaterThanOrEqual(5);
    expect(WRITE_LIMIT.max).toBeGreaterThanOrEqual(60);
  });

  it("stops an attacker's guesses without locking the owner out", async () => {
    const victim = await signUp(apps.a, 'Vic Victim');
    const attacker = '192.0.2.66';
    const owner = '198.51.100.7';
    // Successful sign-ins never count.
    for (let i = 0; i < SIGN_IN_PAIR_LIMIT.max + 2; i++) {
      expect((await signIn(i % 2 ? apps.a : apps.b, victim.email, 'correct-horse-1', attacker)).statusCode).toBe(200);
    }
    // Ten wrong passwords from the attacker's address, on both instances.
    for (let i = 0; i < SIGN_IN_PAIR_LIMIT.max; i++) {
      const res = await signIn(i % 2 ? apps.a : apps.b, victim.email.toUpperCase(), `guess-${i}`, attacker);
      expect(res.statusCode, res.body).toBe(401);
    }
    const locked = await signIn(apps.a, victim.email, 'another-guess', attacker);
    expectTooMany(locked, SIGN_IN_PAIR_LIMIT.windowSeconds);
    expect(locked.headers['content-type']).toContain('application/problem+json');
    expect(locked.json()).toMatchObject({ status: 429, detail: expect.any(String), message: expect.any(String) });
    // From there even the right password waits; no session is handed out.
    const right = await signIn(apps.b, victim.email, 'correct-horse-1', attacker);
    expectTooMany(right, SIGN_IN_PAIR_LIMIT.windowSeconds);
    expect(right.headers['set-cookie']).toBeUndefined();
    // The owner, from their own address with the right password, signs in on either instance.
    const ownerIn = await signIn(apps.b, victim.email, 'correct-horse-1', owner);
    expect(ownerIn.statusCode, ownerIn.body).toBe(200);
    expect(ownerIn.headers['set-cookie']).toBeDefined();
    expect((await signIn(apps.a, victim.email, 'correct-horse-1', owner)).statusCode).toBe(200);
    // A typo of the owner still counts as one failure, not a lockout.
    expect((await signIn(apps.a, victim.email, 'typo', owner)).statusCode).toBe(401);
  }, SIGN_IN_HEAVY_MS);

  it('never limits reading the own session, so many people behind one address stay signed in', async () => {
    const person = await signUp(apps.a, 'Nat Behind');
    const ip = '203.0.113.150';
    for (let i = 0; i <= AUTH_IP_LIMITS.default.max; i++) {
      const res = await (i % 2 ? apps.a : apps.b).inject({ method: 'GET', url: '/api/auth/get-session', remoteAddress: ip, headers: { cookie: person.cookie } });
      expect(res.statusCode, res.body).toBe(200);
      if (i === AUTH_IP_LIMITS.default.max) expect(res.json().user.email).toBe(person.email);
    }
  }, SIGN_IN_HEAVY_MS);

  it("applies Better Auth's per-IP sign-in limit with Retry-After, whatever X-Forwarded-For the client sends", async () => {
    const ip = '203.0.113.99';
    const max = AUTH_IP_LIMITS.signIn.max;
    for (let i = 0; i < max; i++) {
      const res = await signIn(i % 2 ? apps.a : apps.b, `nobody${i}@example.org`, 'wrong-password', ip, { 'x-forwarded-for': `10.9.8.${i}` });
      expect(res.statusCode, res.body).toBe(401);
    }
    const res = await signIn(apps.a, 'nobody-more@example.org', 'wrong-password', ip, { 'x-forwarded-for': '10.1.1.1' });
    expectTooMany(res, AUTH_IP_LIMITS.signIn.windowSeconds);
    expect(res.headers['x-retry-after']).toBe(res.headers['retry-after']);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json()).toMatchObject({ status: 429, title: 'Too Many Requests', message: expect.any(String) });
    // Another address is still welcome.
    expect((await signIn(apps.b, 'nobody-more@example.org', 'wrong-password', '203.0.113.100')).statusCode).toBe(401);
  }, SIGN_IN_HEAVY_MS);

  it('limits writes per user with a 429 problem and Retry-After, counted across instances', async () => {
    const busy: Person = await signUp(apps.a, 'Bo Busy');
    const calm: Person = await signUp(apps.b, 'Cal Calm');
    const write = (app: FastifyInstance, who: Person) =>
      app.inject({ method: 'DELETE', url: `/api/foods/${UNKNOWN}`, headers: { cookie: who.cookie } });
    for (let i = 0; i < WRITE_LIMIT.max; i++) {
      const res = await write(i % 2 ? apps.a : apps.b, busy);
      expect(res.statusCode).toBe(404);
    }
    const refused = await apps.a.inject({ method: 'POST', url: '/api/foods', headers: { cookie: busy.cookie }, payload: foodBody() });
    expectTooMany(refused, WRITE_LIMIT.windowSeconds);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    expect(refused.json()).toMatchObject({ status: 429, title: 'Too Many Requests' });
    expectTooMany(await write(apps.b, busy), WRITE_LIMIT.windowSeconds);
    // Reads, other users and anonymous calls are not held back.
    expect((await apps.b.inject({ method: 'GET', url: '/api/foods?sortByDate=dec', headers: { cookie: busy.cookie } })).statusCode).toBe(200);
    expect((await write(apps.a, calm)).statusCode).toBe(404);
    expect((await apps.a.inject({ method: 'DELETE', url: `/api/foods/${UNKNOWN}` })).statusCode).toBe(401);
  });
});
