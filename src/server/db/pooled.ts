/**
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

/**
 * A node-postgres Client class (the pool's `Client` option) whose transactions start
 * with `set local statement_timeout = <statementTimeoutMs>` (ms; a whole number).
 * Only the `begin` Drizzle sends (`db.transaction`) is rewritten; other statements pass
 * unchanged, so a statement outside a transaction has the role's or the server's
 * default timeout (docs/operations.md, "Pooled connections").
 */
export function clientWithSettingsPerTransaction(statementTimeoutMs: number): typeof pg.Client {
  if (!Number.isInteger(statementTimeoutMs) || statementTimeoutMs < 0) throw new RangeError('statementTimeoutMs must be a whole number of ms');
  const begin = `begin; set local statement_timeout = ${statementTimeoutMs}`;
  const rewrite = (first: unknown): unknown => {
    if (typeof first === 'string') return first.trim().toLowerCase() === 'begin' ? begin : first;
    if (first && typeof first === 'object' && 'text' in first && typeof first.text === 'string' && first.text.trim().toLowerCase() === 'begin') {
      return { ...first, text: begin };
    }
    return first;
  };
  class PooledClient extends pg.Client {}
  const query = pg.Client.prototype.query;
  (PooledClient.prototype as unknown as { query: (...args: QueryArgs) => unknown }).query = function (this: pg.Client, ...args: QueryArgs) {
    args[0] = rewrite(args[0]) as QueryArgs[0];
    return (query as (...a: QueryArgs) => unknown).apply(this, args);
  };
  return PooledClient;
}
