/**
 * What every database backend hands the app (client.ts opens the embedded one,
 * postgres.ts PostgreSQL): the Drizzle handle, a ping, LISTEN/NOTIFY and close, and
 * the options of opening one.
 */
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { PACKAGE_ROOT } from '../lib/paths.js';
/**
 * The Drizzle handle every repository takes; the same API over PGlite and PostgreSQL.
 * Queries name their tables (each feature's `schema.ts`); no relational query API, so
 * the handle carries no schema and db/ imports no feature.
 */
export type Database = PgDatabase<PgQueryResultHKT>;

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

/** The versioned migrations (`npm run db:generate`). */
export const MIGRATIONS = path.join(PACKAGE_ROOT, 'drizzle');

/** `/api/ready` answers within 1 s whatever the pool's state: the ping gives up sooner. */
const PING_TIMEOUT_MS = 800;

/** Options of `openDatabase`; the timeouts apply to PostgreSQL only (defaults: config.ts). */
export interface OpenOptions {
  /** `postgres://…`, or undefined for PGlite. */
  databaseUrl?: string;
  /**
   * A direct connection to the same database, set when `databaseUrl` is a pooler in
   * transaction mode (PgBouncer): LISTEN and the migrations use it, and the pooled
   * connections get their settings per transaction (db/pooled.ts).
   */
  databaseDirectUrl?: string;
  /** Folder of the embedded database (`<dataDir>/pglite`); `memory://` for an in-memory one. */
  dataDir: string;
  /** `statement_timeout` of every pooled connection (behind a pooler: of every transaction), ms (default 5000). */
  statementTimeoutMs?: number;
  /** Longest wait for a connection (to connect, or for a busy pool to free one), ms (default 3000). */
  poolTimeoutMs?: number;
  /** Where pool errors are reported; they are never fatal. */
  onPoolError?: (error: Error) => void;
  /** Largest number of pooled connections (default 10). */
  poolSize?: number;
  /** Prepare value-independent statements by name (prepared.ts); default: only without a pooler. */
  namedStatements?: boolean;
}

/** Answers true when `query` succeeds within PING_TIMEOUT_MS. */
export function ping(query: () => Promise<unknown>): Promise<boolean> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve(false), PING_TIMEOUT_MS);
    query().then(
      () => resolve(true),
      () => resolve(false),
    ).finally(() => clearTimeout(timer));
  });
}
