/**
 * Queries built once per database and kept (building a Drizzle
 * query costs more CPU than PostgreSQL spends running a keyset page). Lists are
 * prepared with an empty name, which node-postgres sends as an unnamed statement:
 * PostgreSQL still plans every run with its actual values (a named statement would
 * switch to a generic plan, which for `expires_on >= $1 … limit $2` is a full sort).
 * Statements whose plan is the same whatever the values (a row by its key) are named
 * where the connection keeps them (`stableName`).
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

const naming = new WeakSet<Database>();

/**
 * Lets `db` prepare statements whose plan does not depend on their values (one row by
 * id, one person's rows) by name: PostgreSQL parses and plans them once per connection.
 * Only without a transaction-mode pooler (PgBouncer before 1.21 loses them between
 * transactions), see docs/configuration.md `DATABASE_NAMED_STATEMENTS`.
 */
export function nameStatements(db: Database): void {
  naming.add(db);
}

/** The name to prepare a value-independent statement of `db` with: `key` when `db` names statements, else unnamed. */
export function stableName(db: Database, key: string): string {
  return naming.has(db) ? key : UNNAMED;
}
