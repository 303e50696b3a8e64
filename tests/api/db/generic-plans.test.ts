// How statements are planned on PostgreSQL (db/prepared.ts `splitPlans`): on a direct
// connection the statements of a stable plan run named on a second pool whose sessions
// reuse a statement's generic plan, and the first pool's sessions plan every run with its
// values (searches and filters, named there too); behind a transaction-mode pooler (no
// named statements) there is one pool in PostgreSQL's default mode. The answers are the
// same either way.
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import type { Database } from '../../../src/server/db/client.js';
import { genericPlansOf } from '../../../src/server/db/prepared.js';
import { buildTestApp, foodBody, freshPostgres, signUp } from '../harness.js';

const PG = process.env.TEST_DATABASE_URL;

/** `plan_cache_mode` of a connection of `db`'s pool. */
async function planCacheMode(db: Database): Promise<string> {
  const result = (await db.execute(sql`select current_setting('plan_cache_mode') as mode`)) as unknown as { rows: { mode: string }[] };
  return result.rows[0]!.mode;
}

describe.runIf(PG)('generic-plan connections on PostgreSQL', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });

  /** An app on a fresh database; `pooled`: as behind a transaction-mode pooler (the same server on both URLs). */
  async function app(pooled = false) {
    const pgdb = await freshPostgres();
    cleanups.push(() => pgdb.drop());
    const built = await buildTestApp(pgdb.url, { CACHE: 'off', ...(pooled ? { DATABASE_DIRECT_URL: pgdb.url } : {}) });
    cleanups.push(async () => {
      await built.app.close();
      await built.database.close();
    });
    return built;
  }

  it('runs the stable lists from generic plans, and searches planned with their values, over many runs', async () => {
    const { app: server, database } = await app();
    const generic = genericPlansOf(database.db);
    expect(generic).not.toBe(database.db);
    expect(await planCacheMode(generic)).toBe('force_generic_plan');
    expect(await planCacheMode(database.db)).toBe('force_custom_plan');

    const donor = await signUp(server, 'Generic donor');
    for (const [name, quantity] of [['Plenty of pears', 40], ['A few plums', 3]] as const) {
      const made = await server.inject({ method: 'POST', url: '/api/foods', headers: { cookie: donor.cookie }, payload: foodBody({ FoodName: name, FoodQuantity: quantity }) });
      expect(made.statusCode).toBe(201);
    }
    // More runs than PostgreSQL's five custom plans: every one answers from the one generic plan.
    for (let run = 0; run < 7; run++) {
      const featured = await server.inject({ method: 'GET', url: '/api/foods?sortByQuantity=true&limit=6' });
      expect(featured.json().map((f: { FoodName: string }) => f.FoodName)).toEqual(['Plenty of pears', 'A few plums']);
      const page = await server.inject({ method: 'GET', url: '/api/foods?sortByQuantity=true&limit=1', headers: { cookie: donor.cookie } });
      expect(page.json().map((f: { FoodName: string }) => f.FoodName)).toEqual(['Plenty of pears']);
      const next = await server.inject({ method: 'GET', url: `/api/foods?sortByQuantity=true&limit=1&cursor=${encodeURIComponent(String(page.headers['x-next-cursor']))}` });
      expect(next.json().map((f: { FoodName: string }) => f.FoodName)).toEqual(['A few plums']);
      const search = await server.inject({ method: 'GET', url: `/api/foods?search=${run % 2 ? 'pears' : 'plums'}` });
      expect(search.json().map((f: { FoodName: string }) => f.FoodName)).toEqual([run % 2 ? 'Plenty of pears' : 'A few plums']);
    }
  });

  it('keeps one pool behind a transaction-mode pooler, where statements stay unnamed', async () => {
    const { app: server, database } = await app(true);
    expect(genericPlansOf(database.db)).toBe(database.db);
    expect(await planCacheMode(database.db)).toBe('auto');
    expect((await server.inject({ method: 'GET', url: '/api/foods?sortByQuantity=true&limit=6' })).statusCode).toBe(200);
  });
});
