// Apps driven by an injected clock, for the scheduled jobs' tests (lifecycle, recurring offers, pickup windows).
import type { FastifyInstance } from 'fastify';
import { buildTestApp, freshPostgres, type Backend } from './harness.js';

/**
 * Apps with the injected `clock` on one fresh database of `backend`: `app`, and on PostgreSQL a
 * `second` process on the same database (on PGlite, one process: `second` is `app`).
 */
export async function clockedApps(backend: Backend, clock: () => Date): Promise<{ app: FastifyInstance; second: FastifyInstance; close(): Promise<void> }> {
  const pgdb = backend === 'postgres' ? await freshPostgres() : undefined;
  const a = await buildTestApp(pgdb?.url, {}, { clock });
  const b = pgdb ? await buildTestApp(pgdb.url, {}, { clock }) : a;
  return {
    app: a.app,
    second: b.app,
    async close() {
      for (const x of b === a ? [a] : [b, a]) {
        await x.app.close();
        await x.database.close();
      }
      await pgdb?.drop();
    },
  };
}
