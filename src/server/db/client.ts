/**
 * Opens the database: embedded PGlite in `dataDir` by default, PostgreSQL over
 * node-postgres when `databaseUrl` is set (DESIGN.md "Shape of the system"),
 * and applies the versioned migrations of /drizzle.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
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
import * as schema from './schema.js';

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

/**
 * Opens the database and migrates it to the latest version.
 * @param opts.databaseUrl `postgres://…`, or undefined for PGlite.
 * @param opts.dataDir folder of the embedded database (`<dataDir>/pglite`); `memory://` for an in-memory one.
 */
export async function openDatabase(opts: { databaseUrl?: string; dataDir: string }): Promise<DatabaseHandle> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    await migratePg(db as never, { migrationsFolder: MIGRATIONS });
    return {
      db,
      kind: 'postgres',
      ping: () => pool.query('select 1').then(() => true, () => false),
      listen: (channel, onNotify, onListening) => listenPg(opts.databaseUrl!, channel, onNotify, onListening),
      close: () => pool.end(),
    };
  }
  const location = opts.dataDir === 'memory://' ? 'memory://' : path.join(opts.dataDir, 'pglite');
  if (location !== 'memory://') mkdirSync(location, { recursive: true });
  const client = await PGlite.create(location, { extensions: { pg_trgm } });
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
  return {
    db,
    kind: 'pglite',
    ping: () => client.query('select 1').then(() => true, () => false),
    listen: async (channel, onNotify) => {
      const unsubscribe = await client.listen(channel, onNotify);
      return async () => {
        if (!client.closed) await unsubscribe();
      };
    },
    close: () => client.close(),
  };
}
