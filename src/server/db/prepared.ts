/**
 * Queries built once per database and kept (building a Drizzle
 * query costs more CPU than PostgreSQL spends running a keyset page). Statements whose
 * plan depends on their values (a search, a filter) must be planned with their actual
 * values at every run: unnamed (node-postgres sends an empty name), or named on sessions
 * that plan every run (`valueStatement`). Statements whose plan is the same whatever the
 * values (a row by its key, a list read in index order) are named where the connection
 * keeps them, on the connections that reuse generic plans (`stableStatement`). See
 * `splitPlans`.
 */
import { Column, SQL, Subquery, is, noopDecoder, type DriverValueDecoder } from 'drizzle-orm';
import type { Database } from './client.js';

const statements = new WeakMap<Database, Map<string, unknown>>();

/** Returns the statement of `db` cached under `key`, making it with `make(db)` the first time. */
function preparedOnce<T>(db: Database, key: string, make: (db: Database) => T): T {
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
const UNNAMED = '';

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
function stableName(db: Database, key: string): string {
  return naming.has(db) ? key : UNNAMED;
}

const genericPlans = new WeakMap<Database, Database>();
const customPlans = new WeakSet<Database>();

/**
 * Splits `db`'s statements by how PostgreSQL should plan them: `generic`, a second database
 * on the same data, runs the statements whose plan does not depend on their values, named,
 * and its sessions reuse a statement's generic plan from its first run (`plan_cache_mode =
 * force_generic_plan`); `db`'s own sessions plan every run with its values
 * (`force_custom_plan`), so a value-dependent statement may be named there too and is then
 * parsed once per connection, not at every run. Both settings are made when the
 * connections start (postgres.ts). The default mode (`auto`) planned the lists every run
 * anyway, their `limit $n` costed as a tenth of the table making the generic plan look
 * dearer than it is (docs/benchmarks.md "Generic plans").
 */
export function splitPlans(db: Database, generic: Database): void {
  genericPlans.set(db, generic);
  naming.add(generic);
  customPlans.add(db);
}

/**
 * The database that runs the statements of `db` whose plan does not depend on their values
 * ({@link stableStatement}): `db`'s generic-plan database when it has one, else `db` itself
 * (PGlite, or behind a transaction-mode pooler).
 */
export function genericPlansOf(db: Database): Database {
  return genericPlans.get(db) ?? db;
}

/**
 * The statement `make(d, name)` of `db` whose plan does not depend on its values, made once:
 * on {@link genericPlansOf} `db`, prepared as `name` where that database names statements.
 */
export function stableStatement<T>(db: Database, name: string, make: (d: Database, name: string) => T): T {
  return preparedOnce(genericPlansOf(db), name, (d) => make(d, stableName(d, name)));
}

/**
 * The statement `make(d, name)` of `db` whose plan depends on its values, made once: prepared
 * as `name` where `db`'s sessions plan every run afresh ({@link splitPlans}), else unnamed.
 */
export function valueStatement<T>(db: Database, name: string, make: (d: Database, name: string) => T): T {
  return preparedOnce(db, name, (d) => make(d, customPlans.has(d) ? name : UNNAMED));
}

/** A selected field as Drizzle's prepared queries keep it (`SelectedFieldsOrdered`). */
interface OrderedField {
  path: string[];
  field: unknown;
}
type Decode = ((value: unknown) => unknown) | undefined;

/** How Drizzle decodes a field's driver value (as its `mapResultRow`); undefined when the value is kept as it is. */
function decoderOf(field: unknown): Decode {
  // An SQL's decoder is internal to Drizzle's types (`mapWith` sets it).
  const of = (s: unknown) => (s as { decoder: DriverValueDecoder<unknown, unknown> }).decoder;
  const decoder: DriverValueDecoder<unknown, unknown> = is(field, Column)
    ? field
    : is(field, SQL)
      ? of(field)
      : is(field, Subquery)
        ? of(field._.sql)
        : of((field as SQL.Aliased).sql);
  if (decoder === noopDecoder || decoder.mapFromDriverValue === Column.prototype.mapFromDriverValue) return undefined;
  return (value) => decoder.mapFromDriverValue(value);
}

/**
 * Makes the prepared select `prepared` map its rows with a mapper made once from its
 * fields, instead of Drizzle's generic `mapResultRow` per row (which looks up every
 * field's kind and path again for every row: about a tenth of a list's CPU). The rows are
 * the same objects (same keys, in order, and values decoded by the same column decoders).
 * Only flat selects (no joined tables' nested objects); anything else keeps Drizzle's
 * mapping. Both drivers (node-postgres, PGlite) take a `customResultMapper` of array rows,
 * the hook Drizzle's relational queries use (drizzle-orm 0.45, `node-postgres/session.js` and `pglite/session.js`).
 */
export function flatRows<T>(prepared: T): T {
  const target = prepared as { fields?: OrderedField[]; customResultMapper?: (rows: unknown[][]) => unknown };
  const fields = target.fields;
  if (!fields || target.customResultMapper || fields.some((f) => f.path.length !== 1)) return prepared;
  const keys = fields.map((f) => f.path[0]!);
  const decoders = fields.map((f) => decoderOf(f.field));
  target.customResultMapper = (rows) =>
    rows.map((row) => {
      const out: Record<string, unknown> = {};
      for (let i = 0; i < keys.length; i++) {
        const value = row[i];
        const decode = decoders[i];
        out[keys[i]!] = value === null || decode === undefined ? value : decode(value);
      }
      return out;
    });
  return prepared;
}
