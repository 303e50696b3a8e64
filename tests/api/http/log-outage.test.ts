// While the database is unreachable, failed queries are
// logged (by our handlers and by Better Auth's logger) without their parameters, so
// no session token reaches the log.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outageOf, type Outage } from '../../support/pg-outage.js';
import { buildTestApp, call, freshPostgres, signUp } from '../harness.js';

const PG = process.env.TEST_DATABASE_URL;

describe.runIf(PG)('logs during a database outage on PostgreSQL', () => {
  let pgdb: Awaited<ReturnType<typeof freshPostgres>>;
  let outage: Outage;
  beforeAll(async () => {
    pgdb = await freshPostgres();
    outage = await outageOf(PG!, pgdb.url);
  });
  afterAll(async () => {
    await outage.close();
    await pgdb.drop();
  });

  it('print no session token while requests with a session fail', async () => {
    const lines: string[] = [];
    const { app, database } = await buildTestApp(pgdb.url, { LOG_LEVEL: 'debug' }, { logStream: { write: (l) => void lines.push(l) } });
    try {
      const p = await signUp(app, 'Tok En');
      const token = decodeURIComponent(/session_token=([^;]+)/.exec(p.cookie)![1]!).split('.')[0]!;
      expect(token.length).toBeGreaterThan(10);
      await outage.start();
      // Terminated backends first (the pool's connections fail mid-use), then refused connections.
      for (let i = 0; i < 3; i++) {
        for (const url of ['/api/account/sessions', '/api/notifications', '/api/auth/get-session']) {
          const res = await call(app, 'GET', url, p);
          expect(res.statusCode).toBeGreaterThanOrEqual(500);
        }
      }
      await outage.end();
      const failed = lines.filter((l) => /sessions/.test(l) && /Failed query|params/i.test(l));
      console.log(`[log outage] ${lines.length} lines, ${failed.length} about failed session queries`);
      expect(lines.filter((l) => l.includes(token))).toEqual([]);
      // The failures are still logged, with the query and without its parameters.
      expect(failed.length).toBeGreaterThan(0);
      for (const l of failed) expect(l).toContain('params: [redacted]');
    } finally {
      await outage.end();
      await app.close();
      await database.close();
    }
  }, 60_000);
});
