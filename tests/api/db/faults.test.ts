// Database faults: on PostgreSQL, terminated backends and an outage
// under write load give 503 problems with Retry-After, never a crash; the app
// recovers by itself within 2 s; every acknowledged write is stored exactly once.
// A lock held past the statement timeout, or a pool with no free connection,
// gives a 503 in bounded time, and /api/ready answers within 1 s whatever happens.
import net from 'node:net';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, foodBody, freshPostgres, signUp, type Person } from '../harness.js';

const PG = process.env.TEST_DATABASE_URL;

/** A TCP relay in front of PostgreSQL that the test can cut (an unreachable database) and restore. */
async function relay(target: URL) {
  const sockets = new Set<net.Socket>();
  let server: net.Server | undefined;
  const port = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (probe.address() as net.AddressInfo).port;
      probe.close(() => resolve(p));
    });
  });
  const open = () =>
    new Promise<void>((resolve) => {
      server = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 5432), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on('close', () => sockets.delete(s));
          s.on('error', () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      server.listen(port, '127.0.0.1', () => resolve());
    });
  await open();
  return {
    url(db: URL) {
      const u = new URL(db);
      u.host = `127.0.0.1:${port}`;
      return u.toString();
    },
    /** Refuses new connections and drops the open ones. */
    async cut() {
      await new Promise<void>((resolve) => {
        server!.close(() => resolve());
        for (const s of sockets) s.destroy();
      });
    },
    restore: open,
  };
}

describe.runIf(PG)('database faults on PostgreSQL', () => {
  let pgdb: Awaited<ReturnType<typeof freshPostgres>>;
  let admin: pg.Client;
  beforeAll(async () => {
    pgdb = await freshPostgres();
    admin = new pg.Client({ connectionString: PG });
    await admin.connect();
  });
  afterAll(async () => {
    await admin.end();
    await pgdb.drop();
  });

  const dbName = () => new URL(pgdb.url).pathname.slice(1);
  const terminateAll = () =>
    admin.query('select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [dbName()]);

  it('answers 503 with Retry-After while the database refuses new connections, and 200 once it takes them again', async () => {
    const { app, database } = await buildTestApp(pgdb.url);
    try {
      // Each read asks for another page size: none is answered from the answer cache.
      const url = (limit: number) => `/api/foods?sortByDate=dec&limit=${limit}`;
      expect((await app.inject({ method: 'GET', url: url(5) })).statusCode).toBe(200);
      await admin.query(`alter database ${dbName()} allow_connections false`);
      try {
        await terminateAll();
        // The pools drop their terminated connections: the next read must open a new one, which is refused.
        await new Promise((r) => setTimeout(r, 300));
        const refused = await app.inject({ method: 'GET', url: url(4) });
        expect(refused.statusCode, refused.body).toBe(503);
        expect(refused.headers['retry-after']).toBeDefined();
        expect(refused.headers['content-type']).toContain('application/problem+json');
      } finally {
        await admin.query(`alter database ${dbName()} allow_connections true`);
      }
      expect((await app.inject({ method: 'GET', url: url(3) })).statusCode).toBe(200);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('survives terminated backends and an outage under write load, then recovers within 2 s without losing a write', async () => {
    const cable = await relay(new URL(pgdb.url));
    const { app, database } = await buildTestApp(cable.url(new URL(pgdb.url)));
    try {
      const writers: Person[] = [];
      for (let i = 0; i < 6; i++) writers.push(await signUp(app, `Writer ${i}`));
      const acknowledged: string[] = [];
      const failures: Array<{ status: number; retryAfter: unknown; type: unknown; body: string }> = [];
      let stop = false;
      let seq = 0;
      const load = writers.map(async (who, w) => {
        while (!stop) {
          const name = `Fault soup ${w}-${seq++}`;
          const res = await app.inject({ method: 'POST', url: '/api/foods', headers: { cookie: who.cookie }, payload: foodBody({ FoodName: name }) });
          if (res.statusCode === 201) acknowledged.push(name);
          else failures.push({ status: res.statusCode, retryAfter: res.headers['retry-after'], type: res.headers['content-type'], body: res.body });
          await new Promise((r) => setTimeout(r, 40));
        }
      });

      await new Promise((r) => setTimeout(r, 400));
      // 1. Every backend of the database is terminated (57P01 on every pooled connection).
      const killed = await terminateAll();
      expect(killed.rows[0].n).toBeGreaterThan(0);
      await new Promise((r) => setTimeout(r, 400));

      // 2. The database becomes unreachable for a second.
      await cable.cut();
      const readyStart = Date.now();
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      expect(Date.now() - readyStart).toBeLessThan(1000);
      expect(ready.statusCode).toBe(503);
      const during = await app.inject({ method: 'GET', url: '/api/foods?sortByDate=dec&limit=5' });
      expect(during.statusCode).toBe(503);
      expect(during.headers['retry-after']).toBeDefined();
      expect(during.headers['content-type']).toContain('application/problem+json');
      await new Promise((r) => setTimeout(r, 1000));

      // 3. It is back: the first 200 comes within 2 s, by itself.
      await cable.restore();
      const back = Date.now();
      let firstOk = Infinity;
      while (Date.now() - back < 5000) {
        const res = await app.inject({ method: 'GET', url: '/api/foods?sortByDate=dec&limit=5' });
        if (res.statusCode === 200) {
          firstOk = Date.now() - back;
          break;
        }
        await new Promise((r) => setTimeout(r, 20));
      }
      expect(firstOk).toBeLessThan(2000);
      expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
      await new Promise((r) => setTimeout(r, 400));
      stop = true;
      await Promise.all(load);

      // Every failed write was a 503 problem with Retry-After.
      expect(failures.length).toBeGreaterThan(0);
      for (const f of failures) {
        expect(f.status, f.body).toBe(503);
        expect(f.retryAfter).toBeDefined();
        expect(f.type).toContain('application/problem+json');
      }
      // Every acknowledged write is there, exactly once.
      expect(acknowledged.length).toBeGreaterThan(10);
      const check = new pg.Client({ connectionString: pgdb.url });
      await check.connect();
      const rows = (await check.query('select name, count(*)::int as n from foods group by name')).rows as Array<{ name: string; n: number }>;
      await check.end();
      const counts = new Map(rows.map((r) => [r.name, r.n]));
      for (const name of acknowledged) expect(counts.get(name), name).toBe(1);
      console.info(`db-faults: ${acknowledged.length} writes acknowledged, ${failures.length} answered 503; first 200 ${firstOk} ms after the database returned`);
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);

  it('answers 503 within the statement timeout while a lock is held, and /api/ready within 1 s with the pool exhausted', async () => {
    // CACHE off: the repeated anonymous read must reach the locked table, not the answer cache.
    const { app, database } = await buildTestApp(pgdb.url, { DB_STATEMENT_TIMEOUT_MS: '500', DB_POOL_TIMEOUT_MS: '300', CACHE: 'off' });
    const locker = new pg.Client({ connectionString: pgdb.url });
    await locker.connect();
    try {
      expect((await app.inject({ method: 'GET', url: '/api/foods?sortByDate=dec&limit=1' })).statusCode).toBe(200);
      await locker.query('begin');
      await locker.query('lock table foods in access exclusive mode');

      const started = Date.now();
      const one = await app.inject({ method: 'GET', url: '/api/foods?sortByDate=dec&limit=1' });
      const took = Date.now() - started;
      expect(one.statusCode, one.body).toBe(503);
      expect(one.headers['retry-after']).toBeDefined();
      expect(one.headers['content-type']).toContain('application/problem+json');
      expect(took).toBeLessThan(1500);

      // More requests than pooled connections (10): the ones left waiting get 503 after the pool timeout.
      const t0 = Date.now();
      const many = Array.from({ length: 14 }, () => app.inject({ method: 'GET', url: '/api/foods?sortByDate=acc&limit=1' }));
      await new Promise((r) => setTimeout(r, 100));
      const readyStart = Date.now();
      const ready = await app.inject({ method: 'GET', url: '/api/ready' });
      const readyTook = Date.now() - readyStart;
      expect(readyTook).toBeLessThan(1000);
      expect([200, 503]).toContain(ready.statusCode);
      const answers = await Promise.all(many);
      const manyTook = Date.now() - t0;
      for (const res of answers) expect(res.statusCode, res.body).toBe(503);
      expect(manyTook).toBeLessThan(2500);
      console.info(`db-faults: lock held: 503 after ${took} ms (statement timeout 500 ms); 14 requests on 10 connections all 503 within ${manyTook} ms; /api/ready ${ready.statusCode} in ${readyTook} ms`);
    } finally {
      await locker.query('rollback').catch(() => {});
      await locker.end();
      await app.close();
      await database.close();
    }
  }, 30_000);
});
