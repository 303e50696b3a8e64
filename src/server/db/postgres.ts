/**
 * PostgreSQL over node-postgres (DESIGN.md "Shape of the system"), loaded only when
 * DATABASE_URL is set, so an embedded start never loads pg (restart time).
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS, ping, type Database, type DatabaseHandle, type OpenOptions } from './handle.js';
import { listenPg } from './listen.js';
import { poolClientClass } from './pooled.js';
import { nameStatements, splitPlans } from './prepared.js';

/** Key of the session advisory lock the migrations run under (any fixed number; one per app). */
const MIGRATION_LOCK = 7_300_112_025;

/**
 * Applies the pending migrations at `url` (a direct connection: a session advisory lock
 * does not hold through a transaction-mode pooler) under `pg_advisory_lock`, so processes
 * starting at once migrate one after the other: the first applies them, the others find
 * nothing left to do. Runs without the statement timeout (an index build may take longer).
 * @throws the migration's error; the lock ends with the connection either way.
 */
async function migrateLocked(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await migratePg(drizzlePg(client) as never, { migrationsFolder: MIGRATIONS });
    await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
  } finally {
    await client.end();
  }
}

/**
 * Migrates the database at `opts.databaseUrl` (through `opts.databaseDirectUrl` when
 * set), then opens a pool whose errors (a restart, a terminated backend: 57P01) are
 * reported and never crash the process; broken connections are dropped and replaced on
 * the next query, so the server recovers by itself. With `databaseDirectUrl` the pool
 * is taken to go through a transaction-mode pooler: LISTEN uses the direct connection
 * and the statement timeout is set per transaction (db/pooled.ts). Without a pooler and
 * with named statements, a second pool of the same size serves the statements whose plan
 * does not depend on their values, from generic plans, and the first plans every run
 * afresh (prepared.ts `splitPlans`).
 */
export async function openPostgres(opts: OpenOptions & { databaseUrl: string }): Promise<DatabaseHandle> {
  const direct = opts.databaseDirectUrl ?? opts.databaseUrl;
  const pooled = opts.databaseDirectUrl !== undefined;
  await migrateLocked(direct);
  const statementTimeoutMs = opts.statementTimeoutMs ?? 5000;
  /** A pool of up to `poolSize` connections, with `options` (server settings) given when each connects. */
  const openPool = (options?: string) => {
    const pool = new pg.Pool({
      connectionString: opts.databaseUrl,
      max: opts.poolSize ?? 10,
      // Bounded wait: connecting, or queueing for a busy pool, fails after this (then 503).
      connectionTimeoutMillis: opts.poolTimeoutMs ?? 3000,
      // A failed `begin` gives its client back (pooled.ts); through a pooler the timeout is set per transaction.
      Client: poolClientClass(pooled ? statementTimeoutMs : undefined),
      ...(pooled ? {} : { statement_timeout: statementTimeoutMs }),
      ...(options ? { options } : {}),
      idleTimeoutMillis: 30_000,
      keepAlive: true,
    });
    pool.on('error', (error) => opts.onPoolError?.(error));
    // The pool listens only to idle clients: a backend that ends while its client is checked out
    // between two queries of a transaction would raise an 'error' nobody hears and end the process.
    // Every client hears its own; the transaction's next query fails and the pool drops the client.
    pool.on('connect', (client) => client.on('error', (error) => opts.onPoolError?.(error)));
    return pool;
  };
  const named = opts.namedStatements ?? !pooled;
  // On a direct connection, statements are planned on two pools: every run afresh, and
  // reusing generic plans (prepared.ts `splitPlans`); a transaction-mode pooler keeps no session setting.
  const split = named && !pooled;
  const pool = openPool(split ? '-c plan_cache_mode=force_custom_plan' : undefined);
  const db = drizzlePg(pool) as unknown as Database;
  const genericPool = split ? openPool('-c plan_cache_mode=force_generic_plan') : undefined;
  if (named) nameStatements(db);
  if (genericPool) splitPlans(db, drizzlePg(genericPool) as unknown as Database);
  return {
    db,
    kind: 'postgres',
    ping: () => ping(() => pool.query('select 1')),
    listen: (channel, onNotify, onListening) => listenPg(direct, channel, onNotify, onListening),
    close: async () => {
      await Promise.all([pool.end(), genericPool?.end()]);
    },
  };
}
