/**
 * The node-postgres Client class the pool makes its connections with (db/postgres.ts).
 *
 * A `begin` that fails gives its connection back. Drizzle's `db.transaction` on a pool
 * (drizzle-orm 0.45, `node-postgres/session.js`) sends `begin` before the `try` whose
 * `finally` releases the client, so a `begin` that fails (a backend terminated while
 * idle: 57P01, a dropped socket) would keep its client checked out for good, and
 * `pool.end()` and the pool's free slots would wait for it forever
 * (drizzle-team/drizzle-orm#6241, open). The client releases itself with the error,
 * which makes the pool destroy it.
 *
 * Connections through a pooler in transaction mode (PgBouncer `pool_mode = transaction`):
 * the pooler hands each transaction whichever server connection is free, so a setting
 * made when a connection starts (`statement_timeout` as a startup parameter, which
 * PgBouncer refuses anyway) would not hold. Each transaction sets its own instead, with
 * `SET LOCAL` sent in the same round trip as its `begin` (PostgreSQL docs, "SET": LOCAL
 * lasts until the end of the transaction).
 *
 * Prepared statements: the app prepares only unnamed ones (db/prepared.ts), which live
 * within one Parse/Bind/Execute/Sync and so work through PgBouncer of any version
 * (named statements would need PgBouncer ≥ 1.21 with `max_prepared_statements`).
 */
import pg from 'pg';

type QueryArgs = Parameters<pg.Client['query']>;

/** The text of a query's first argument (a string or a `{ text }` config), else undefined. */
function textOf(first: unknown): string | undefined {
  if (typeof first === 'string') return first;
  if (first && typeof first === 'object' && 'text' in first && typeof first.text === 'string') return first.text;
  return undefined;
}

/**
 * A node-postgres Client class (the pool's `Client` option). Every client gives itself
 * back to the pool, as broken, when Drizzle's `begin` fails. With `perTransactionTimeoutMs`
 * (ms; a whole number; for a transaction-mode pooler) transactions start with
 * `set local statement_timeout = <ms>`: only the `begin` Drizzle sends (`db.transaction`)
 * is rewritten, so a statement outside a transaction has the role's or the server's
 * default timeout (docs/operations.md, "Pooled connections").
 * @throws RangeError when `perTransactionTimeoutMs` is not a whole number ≥ 0.
 */
export function poolClientClass(perTransactionTimeoutMs?: number): typeof pg.Client {
  if (perTransactionTimeoutMs !== undefined && (!Number.isInteger(perTransactionTimeoutMs) || perTransactionTimeoutMs < 0)) {
    throw new RangeError('perTransactionTimeoutMs must be a whole number of ms');
  }
  const begin = perTransactionTimeoutMs === undefined ? 'begin' : `begin; set local statement_timeout = ${perTransactionTimeoutMs}`;
  class PoolClient extends pg.Client {}
  const query = pg.Client.prototype.query;
  (PoolClient.prototype as unknown as { query: (...args: QueryArgs) => unknown }).query = function (this: pg.Client, ...args: QueryArgs) {
    const first = args[0] as unknown;
    if (textOf(first)?.trim().toLowerCase() !== 'begin') return (query as (...a: QueryArgs) => unknown).apply(this, args);
    args[0] = (typeof first === 'string' ? begin : { ...(first as object), text: begin }) as QueryArgs[0];
    const sent = (query as (...a: QueryArgs) => unknown).apply(this, args);
    if (!(sent instanceof Promise)) return sent;
    return sent.catch((error: unknown) => {
      // Checked out from a pool: the pool set `release`; with an error it destroys the client.
      (this as Partial<pg.PoolClient>).release?.(error as Error);
      throw error;
    });
  };
  return PoolClient;
}
