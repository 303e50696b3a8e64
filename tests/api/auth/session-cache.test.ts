// Each process keeps the sessions it resolved lately (src/server/auth/session-cache.ts) and
// drops them on PostgreSQL's NOTIFY: a session ended on one process is refused by another
// within a second, and so is one of a person changed elsewhere; a change made without the
// NOTIFY shows the cache is really answering reads.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, twoInstances, type Person } from '../harness.js';

describe.runIf(BACKENDS.includes('postgres'))('the session cache across two processes on PostgreSQL', () => {
  let two: Awaited<ReturnType<typeof twoInstances>>;
  let ann: Person;

  beforeAll(async () => {
    two = await twoInstances();
    ann = await signUp(two.a, 'Ann Early');
  });
  afterAll(() => two?.close());

  const reads = async (app: typeof two.a, who: Person) => (await call(app, 'GET', '/api/account/sessions', who)).statusCode;
  /** Runs `statements` on one connection of its own, in order. */
  const sql = async (...statements: [string, unknown[]][]) => {
    const c = new pg.Client({ connectionString: two.url });
    await c.connect();
    try {
      for (const [text, params] of statements) await c.query(text, params);
    } finally {
      await c.end();
    }
  };
  /** Milliseconds until `probe` holds, polling every 20 ms, at most 3 s. */
  const until = async (probe: () => Promise<boolean>) => {
    const started = performance.now();
    while (!(await probe())) {
      if (performance.now() - started > 3000) throw new Error('not within 3 s');
      await new Promise((r) => setTimeout(r, 20));
    }
    return performance.now() - started;
  };

  it('answers reads from the cache; a person changed elsewhere leaves it within a second', async () => {
    expect(await reads(two.b, ann)).toBe(200);
    // The session deleted without its NOTIFY (triggers off for this connection): B still answers from
    // its cache, A (which never resolved it) looks it up and refuses. Writes always look up (fresh).
    await sql(['set session_replication_role = replica', []], ['delete from sessions where user_id = (select id from users where email = $1)', [ann.email]]);
    expect(await reads(two.b, ann)).toBe(200);
    expect(await reads(two.a, ann)).toBe(401);
    expect((await call(two.b, 'POST', '/api/foods', ann, foodBody())).statusCode).toBe(401);
    // A change to the person, with its NOTIFY: B forgets them.
    await sql([`update users set name = 'Ann Later' where email = $1`, [ann.email]]);
    const ms = await until(async () => (await reads(two.b, ann)) === 401);
    expect(ms).toBeLessThan(1000);
  });

  it('refuses a session signed out on the other process within a second', async () => {
    const bea = await signUp(two.a, 'Bea Brief');
    expect((await call(two.b, 'GET', '/api/account/sessions', bea)).statusCode).toBe(200);
    const out = await two.a.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: bea.cookie, origin: 'http://localhost:3000' } });
    expect(out.statusCode).toBe(200);
    const ms = await until(async () => (await call(two.b, 'GET', '/api/account/sessions', bea)).statusCode === 401);
    expect(ms).toBeLessThan(1000);
    console.log(`session cache: sign-out on A refused on B after ${ms.toFixed(0)} ms`);
  });
});
