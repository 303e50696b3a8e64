// Pooled connections on PostgreSQL (DATABASE_URL through a transaction-mode pooler,
// DATABASE_DIRECT_URL for LISTEN and migrations): three processes starting at once on a
// fresh database migrate it once and all serve; the statement timeout holds per
// transaction (a write transaction blocked by a lock answers 503 in bounded time) and
// never leaks to the statements that follow on the same connection.
import { readFileSync } from 'node:fs';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from '../../../src/server/db/client.js';
import { buildTestApp, foodBody, freshPostgres, signUp } from '../harness.js';

const PG = process.env.TEST_DATABASE_URL;
type Rows = { rows: { t: string }[] };
const JOURNAL = JSON.parse(readFileSync(new URL('../../../drizzle/meta/_journal.json', import.meta.url), 'utf8')) as { entries: unknown[] };

describe.runIf(PG)('pooled connections on PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  async function pooledApps(n: number, env: Record<string, string> = {}) {
    const pgdb = await freshPostgres();
    cleanups.push(() => pgdb.drop());
    // The same server on both URLs: what differs is how the app uses each.
    const apps = await Promise.all(Array.from({ length: n }, () => buildTestApp(pgdb.url, { DATABASE_DIRECT_URL: pgdb.url, ...env })));
    for (const { app, database } of apps) {
      cleanups.push(async () => {
        await app.close();
        await database.close();
      });
    }
    return { pgdb, apps };
  }

  it('migrates a fresh database once when three processes start at once, and all three serve', async () => {
    const { pgdb, apps } = await pooledApps(3);
    for (const { app } of apps) expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    const check = new pg.Client({ connectionString: pgdb.url });
    await check.connect();
    const applied = (await check.query('select hash, count(*)::int as n from drizzle.__drizzle_migrations group by hash')).rows as Array<{ n: number }>;
    await check.end();
    expect(applied).toHaveLength(JOURNAL.entries.length);
    expect(applied.every((r) => r.n === 1)).toBe(true);
    // A write on one is read on the others.
    const donor = await signUp(apps[0]!.app, 'Pooled donor');
    const made = await apps[0]!.app.inject({ method: 'POST', url: '/api/foods', headers: { cookie: donor.cookie }, payload: foodBody({ FoodName: 'Pooled pears' }) });
    expect(made.statusCode).toBe(201);
    const id = (made.json() as { insertedId: string }).insertedId;
    for (const { app } of apps.slice(1)) expect((await app.inject({ method: 'GET', url: `/api/foods/${id}` })).statusCode).toBe(200);
  });

  it('sets the statement timeout per transaction: a write blocked by a lock answers 503 in bounded time, and nothing leaks', async () => {
    const { pgdb, apps } = await pooledApps(1, { DB_STATEMENT_TIMEOUT_MS: '500', DB_POOL_TIMEOUT_MS: '300', CACHE: 'off' });
    const { app, database } = apps[0]!;
    const inTx = await database.db.transaction(async (tx) => ((await tx.execute(sql`select current_setting('statement_timeout') as t`)) as unknown as Rows).rows);
    expect((inTx[0] as { t: string }).t).toBe('500ms');
    // Outside a transaction the connection keeps the server's (or the role's) default.
    const after = ((await database.db.execute(sql`select current_setting('statement_timeout') as t`)) as unknown as Rows).rows;
    expect((after[0] as { t: string }).t).toBe('0');

    const donor = await signUp(app, 'Blocked donor');
    const made = await app.inject({ method: 'POST', url: '/api/foods', headers: { cookie: donor.cookie }, payload: foodBody() });
    const id = (made.json() as { insertedId: string }).insertedId;
    const edit = () => app.inject({ method: 'PUT', url: `/api/foods/${id}`, headers: { cookie: donor.cookie }, payload: foodBody({ FoodQuantity: 9 }) });
    const locker = new pg.Client({ connectionString: pgdb.url });
    await locker.connect();
    try {
      // A row lock: reads go on, the edit (a transaction) waits for it.
      await locker.query('begin');
      await locker.query('select 1 from foods where id = $1 for update', [id]);
      const started = Date.now();
      const res = await edit();
      expect(res.statusCode).toBe(503);
      expect(res.headers['retry-after']).toBeDefined();
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      await locker.query('rollback').catch(() => {});
      await locker.end();
    }
    expect((await edit()).statusCode).toBe(200);
  });

  it.each([
    ['directly', {}],
    ['through a pooler', { DATABASE_DIRECT_URL: 'same' }],
  ])('gives back a connection whose begin fails (%s): the next transaction runs and the pool closes', async (_how, extra) => {
    const pgdb = await freshPostgres();
    cleanups.push(() => pgdb.drop());
    const database = await openDatabase({
      databaseUrl: pgdb.url,
      ...('DATABASE_DIRECT_URL' in extra ? { databaseDirectUrl: pgdb.url } : {}),
      dataDir: 'memory://',
      poolSize: 1,
      poolTimeoutMs: 500,
    });
    let closed = false;
    cleanups.push(async () => {
      if (!closed) await database.close();
    });
    const pool = (database.db as unknown as { $client: pg.Pool }).$client;
    await database.db.execute(sql`select 1`);
    // The one pooled connection dies as it is handed out: the transaction's begin fails.
    pool.once('acquire', (client) => (client as unknown as { connection: { stream: { destroy(): void } } }).connection.stream.destroy());
    await expect(database.db.transaction(async (tx) => tx.execute(sql`select 1`))).rejects.toThrow();
    // With the connection still checked out, this would wait for the pool timeout and fail.
    const rows = await database.db.transaction(async (tx) => ((await tx.execute(sql`select 2 as n`)) as unknown as { rows: { n: number }[] }).rows);
    expect(rows).toEqual([{ n: 2 }]);
    await database.close();
    closed = true;
  });
});
