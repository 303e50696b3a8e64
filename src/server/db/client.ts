/**
 * Opens the database: embedded PGlite in `dataDir` by default, PostgreSQL over
 * node-postgres when `databaseUrl` is set (DESIGN.md "Shape of the system"),
 * and applies the versioned migrations of /drizzle.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { PACKAGE_ROOT } from '../lib/paths.js';
import { listenPg } from './listen.js';
import { lockDataDir } from './lock.js';
import { migratedTemplate, templateKey } from './template.js';
import * as schema from './schema/index.js';

export type Schema = typeof schema;
/** The Drizzle handle every repository takes; the same API over PGlite and PostgreSQL. */
export type Database = PgDatabase<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Answers true when the database responds to a trivial query. */
  ping(): Promise<boolean>;
  /**
   * Subscribes to PostgreSQL `NOTIFY channel` (`pg_notify`), delivered after the
   * notifying transaction commits, from this process or any other on the same
   * database; on PGlite, from this process. `channel` must be a plain identifier.
   * Resolves once listening, with a function that unsubscribes. On PostgreSQL a lost
   * connection is re-opened (db/listen.ts) and `onListening` runs after each LISTEN.
   */
  listen(channel: string, onNotify: (payload: string) => void, onListening?: () => void): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

const MIGRATIONS = path.join(PACKAGE_ROOT, 'drizzle');

/** `/api/ready` answers within 1 s whatever the pool's state (issue 10): the ping gives up sooner. */
const PING_TIMEOUT_MS = 800;

/** Options of `openDatabase`; the timeouts apply to PostgreSQL only (defaults: config.ts). */
export interface OpenOptions {
  /** `postgres://…`, or undefined for PGlite. */
  databaseUrl?: string;
  /** Folder of the embedded database (`<dataDir>/pglite`); `memory://` for an in-memory one. */
  dataDir: string;
  /** `statement_timeout` of every pooled connection, ms (default 5000). */
  statementTimeoutMs?: number;
  /** Longest wait for a connection (to connect, or for a busy pool to free one), ms (default 3000). */
  poolTimeoutMs?: number;
  /** Where pool errors are reported; they are never fatal. */
  onPoolError?: (error: Error) => void;
  /** Largest number of pooled connections (default 10). */
  poolSize?: number;
}

/** Answers true when `query` succeeds within PING_TIMEOUT_MS. */
function ping(query: () => Promise<unknown>): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    query().then(
      () => resolve(true),
      () => resolve(false),
    ).finally(() => clearTimeout(timer));
  });
}

/**
 * Opens the database and migrates it to the latest version. PostgreSQL: a pool
 * whose errors (a restart, a terminated backend: 57P01) are reported and never
 * crash the process; broken connections are dropped and replaced on the next
 * query, so the server recovers by itself. Embedded: takes the DATA_DIR lock
 * (lock.ts) first.
 * @throws DataDirInUseError when another live process uses the DATA_DIR.
 */
export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    // Migrations run without the statement timeout (an index build may take longer).
    const migrator = new pg.Pool({ connectionString: opts.databaseUrl, max: 1 });
    migrator.on('error', () => {});
    try {
      await migratePg(drizzlePg(migrator, { schema }) as never, { migrationsFolder: MIGRATIONS });
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
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      ping: () => ping(() => pool.query('select 1')),
      listen: (channel, onNotify, onListening) => listenPg(opts.databaseUrl!, channel, onNotify, onListening),
      close: () => pool.end(),
    };
  }
  const memory = opts.dataDir === 'memory://';
  const location = memory ? 'memory://' : path.join(opts.dataDir, 'pglite');
  if (!memory) mkdirSync(location, { recursive: true });
  const unlock = memory ? () => {} : lockDataDir(opts.dataDir);
  try {
    const extensions = { pg_trgm, cube, earthdistance };
    // A new database starts from the migrated template (template.ts), not from initdb.
    const fresh = memory || !existsSync(path.join(location, 'PG_VERSION'));
    const loadDataDir = fresh
      ? await migratedTemplate(
          templateKey(MIGRATIONS, Object.keys(extensions)),
          async () => {
            const scratch = await PGlite.create('memory://', { extensions });
            await migratePglite(drizzlePglite(scratch, { schema }) as never, { migrationsFolder: MIGRATIONS });
            return scratch;
          },
          memory,
        )
      : undefined;
    const client = await PGlite.create(location, { extensions, loadDataDir });
    const db = drizzlePglite(client, { schema }) as unknown as Database;
    await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
    return {
      db,
      kind: 'pglite',
      ping: () => ping(() => client.query('select 1')),
      listen: async (channel, onNotify) => {
        const unsubscribe = await client.listen(channel, onNotify);
        return async () => {
          if (!client.closed) await unsubscribe();
        };
      },
      close: () => client.close().finally(unlock),
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
