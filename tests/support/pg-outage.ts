/**
 * Makes one PostgreSQL test database unreachable for a while: `ALLOW_CONNECTIONS false` refuses new connections and
 * `pg_terminate_backend` ends the open ones (a terminated backend alone is replaced
 * by the pool at once), then connections are allowed again. Run from a client of
 * another database (TEST_DATABASE_URL's), never the one cut off.
 */
import pg from 'pg';

export interface Outage {
  /** Cuts `dbUrl`'s database off now; resolves once its backends, but those of `sparePids`, are gone. */
  start(sparePids?: number[]): Promise<void>;
  /** Allows connections again; resolves with `performance.now()` of that moment. */
  end(): Promise<number>;
  close(): Promise<void>;
}

/** An outage switch for the database of `dbUrl`, driven through `adminUrl`. */
export async function outageOf(adminUrl: string, dbUrl: string): Promise<Outage> {
  const name = new URL(dbUrl).pathname.slice(1);
  if (!/^\w+$/.test(name)) throw new Error(`unexpected database name ${name}`);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  return {
    async start(sparePids = []) {
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid() and pid <> all($2::int[])',
        [name, sparePids],
      );
    },
    async end() {
      await admin.query(`alter database ${name} allow_connections true`);
      return performance.now();
    },
    close: () => admin.end(),
  };
}
