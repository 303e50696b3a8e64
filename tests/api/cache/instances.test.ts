// Two server instances on one PostgreSQL database: a write on one drops the public
// answers the other cached (NOTIFY after commit) within the notification delay, and
// a cached answer still revalidates (304) while the database is unreachable.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, foodBody, freshPostgres, signUp, type Person } from '../harness.js';
import { anon, cached, DEBUG, LIST, within } from './support.js';

describe.runIf(process.env.TEST_DATABASE_URL)('two server instances on one PostgreSQL', () => {
  let a: Awaited<ReturnType<typeof buildTestApp>>;
  let b: Awaited<ReturnType<typeof buildTestApp>>;
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  let donor: Person;
  let requester: Person;
  const delays: number[] = [];

  beforeAll(async () => {
    database = await freshPostgres();
    a = await buildTestApp(database.url, DEBUG);
    b = await buildTestApp(database.url, DEBUG);
    donor = await signUp(a.app, 'Dana Donor');
    requester = await signUp(a.app, 'Rita Requester');
  });
  afterAll(async () => {
    console.log(`write acknowledged on A → B answers afresh: ${delays.map((d) => d.toFixed(1)).join(', ')} ms`);
    for (const x of [a, b]) {
      await x?.app.close();
      await x?.database.close();
    }
    await database?.drop();
  });

  /** Makes B cache `urls`, runs `write` on A, and waits until B's answers pass `fresh`. */
  const afterWrite = async (urls: string[], write: () => Promise<void>, fresh: (bodies: string[]) => boolean) => {
    for (const url of urls) await cached(b.app, url);
    await write();
    delays.push(
      await within(1000, async () => {
        const answers = await Promise.all(urls.map((u) => anon(b.app, u)));
        return answers.every((r) => r.headers['x-cache'] !== 'HIT') && fresh(answers.map((r) => r.body));
      }),
    );
  };

  it("shows A's create, update, delivery and delete in B's list and detail within the notification delay", async () => {
    let id = '';
    await afterWrite(
      [LIST],
      async () => {
        id = (await call(a.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Cache Figs' }))).json().insertedId;
      },
      ([list]) => list!.includes('Cache Figs'),
    );
    const detail = `/api/foods/${id}`;
    await afterWrite(
      [LIST, detail],
      async () => {
        expect((await call(a.app, 'PUT', detail, donor, foodBody({ FoodName: 'Cache Figs', FoodQuantity: 8 }))).statusCode).toBe(200);
      },
      ([list, one]) => JSON.parse(list!)[0].FoodQuantity === 8 && JSON.parse(one!).FoodQuantity === 8,
    );
    const requestId = (await call(a.app, 'POST', '/api/requests', requester, { FoodId: id, AdditionalNotes: '', DonationMoney: '' })).json().insertedId;
    await afterWrite(
      [LIST, detail],
      async () => {
        expect((await call(a.app, 'PATCH', `/api/requests/${requestId}`, donor, { Status: 'Delivered' })).statusCode).toBe(200);
      },
      () => true,
    );
    await afterWrite(
      [LIST, detail],
      async () => {
        expect((await call(a.app, 'DELETE', detail, donor)).statusCode).toBe(200);
      },
      ([list, one]) => !list!.includes('Cache Figs') && one!.includes('"status":404'),
    );
  });

  it('answers If-None-Match with 304 from the cache while the database is unreachable', async () => {
    const url = '/api/foods?sortByQuantity=true&limit=6';
    const etag = (await anon(b.app, url)).headers.etag as string;
    const name = new URL(database.url).pathname.slice(1);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    try {
      await admin.query(`alter database ${name} allow_connections false`);
      await admin.query(`select pg_terminate_backend(pid) from pg_stat_activity where datname = $1`, [name]);
      expect((await anon(b.app, '/api/foods?sortByQuantity=true&limit=5')).statusCode).toBe(503);
      expect((await anon(b.app, url, { 'if-none-match': etag })).statusCode).toBe(304);
      expect((await anon(b.app, url)).statusCode).toBe(200);
    } finally {
      await admin.query(`alter database ${name} allow_connections true`);
      await admin.end();
    }
  });
});
