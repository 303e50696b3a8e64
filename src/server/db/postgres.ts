/**
 * PostgreSQL over node-postgres (DESIGN.md "Shape of the system"), loaded only when
 * DATABASE_URL is set, so an embedded start never loads pg (restart time).
 */
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { MIGRATIONS, ping, type Database, type DatabaseHandle, type OpenOptions } from './handle.js';
import { listenPg } from './listen.js';

/**
 * Migrates the database at `opts.databaseUrl`, then opens a pool whose errors (a
 * restart, a terminated backend: 57P01) are reported and never crash the process;
 * broken connections are dropped and replaced on the next query, so the server
 * recovers by itself.
 */
export async function openPostgres(opts: OpenOptions & { databaseUrl: string }): Promise<DatabaseHandle> {
  // Migrations run without the statement timeout (an index build may take longer).
  const migrator = new pg.Pool({ connectionString: opts.databaseUrl, max: 1 });
  migrator.on('error', () => {});
  try {
    await migratePg(drizzlePg(migrator) as never, { migrationsFolder: MIGRATIONS });
  } finally {
    await migrator.end();
  }
  const pool = new pg.Pool({
    connectionString: opts.databaseUrl,
    max: opts.poolSize ?? 10,
    // Bounded wait: connecting, or queueing for a busy pool, fails after this (then 503).
    connectionTimeoutMillis: opts.poolTimeoutMs ?? 3000,
    statement_timeout: opts.statementTimeoutMs ?? 5000,
    idleTimeoutMillis: 30_000,
    keepAlive: true,
  });
  pool.on('error', (error) => opts.onPoolError?.(error));
  const db = drizzlePg(pool) as unknown as Database;
  return {
    db,
    kind: 'postgres',
    ping: () => ping(() => pool.query('select 1')),
    listen: (channel, onNotify, onListening) => listenPg(opts.databaseUrl, channel, onNotify, onListening),
    close: () => pool.end(),
  };
}
