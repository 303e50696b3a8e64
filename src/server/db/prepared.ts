/**
 * Queries built once per database and kept (building a Drizzle
 * query costs more CPU than PostgreSQL spends running a keyset page). They are
 * prepared with an empty name, which node-postgres sends as an unnamed statement:
 * PostgreSQL still plans every run with its actual values (a named statement would
 * switch to a generic plan, which for `expires_on >= $1 … limit $2` is a full sort).
 */
import type { Database } from './client.js';

const statements = new WeakMap<Database, Map<string, unknown>>();

/** Returns the statement of `db` cached under `key`, making it with `make(db)` the first time. */
export function preparedOnce<T>(db: Database, key: string, make: (db: Database) => T): T {
  let byKey = statements.get(db);
  if (!byKey) statements.set(db, (byKey = new Map()));
  let statement = byKey.get(key) as T | undefined;
  if (statement === undefined) {
    statement = make(db);
    byKey.set(key, statement);
  }
  return statement;
}

/** The name to prepare with: empty, so the statement stays unnamed (see above). */
export const UNNAMED = '';
