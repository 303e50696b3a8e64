// Signed-in lists and details carry a private ETag: `Cache-Control: private, no-cache`,
// `Vary: Cookie`, and a revalidation of an unchanged answer is a 304 answered without the
// route's queries; a change to what the answer shows (a write through the API, or any
// statement on its tables, announced by NOTIFY) gives a 200 with a new ETag; a session that
// ended gets 401, never 304; the public cache neither serves nor stores these answers.
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { blocks } from '../../../src/server/blocks/schema.js';
import { foods, users } from '../../../src/server/db/schema/index.js';
import { BACKENDS, call, foodBody, signInAgain, signUp, startApp, type Person, type TestApp } from '../harness.js';
import { anon, DEBUG, within } from './support.js';

describe.each(BACKENDS)('private ETags on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let requester: Person;
  let foodId: string;

  beforeAll(async () => {
    t = await startApp(backend, DEBUG);
    donor = await signUp(t.app, 'Dana Donor');
    requester = await signUp(t.app, 'Rita Requester');
    foodId = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Etag Eggs' }))).json().insertedId;
  });
  afterAll(() => t.close());

  const get = (who: Person, url: string, etag?: string) =>
    t.app.inject({ method: 'GET', url, headers: { cookie: who.cookie, ...(etag ? { 'if-none-match': etag } : {}) } });
  const mine = () => `/api/requests?email=${encodeURIComponent(requester.email)}`;
  const urls = () => ['/api/foods?sortByDate=dec&search=etag', `/api/foods/${foodId}`, mine(), `/api/requests/${foodId}`];
  const whoReads = (url: string) => (url.startsWith('/api/requests/') ? donor : url.startsWith('/api/requests') ? requester : requester);
  /** Updates a listing's quantity in SQL with triggers off: no NOTIFY, so no process hears of it. */
  const silently = (quantity: number) =>
    t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(foods).set({ quantity }).where(eq(foods.id, foodId));
    });

  it('tags signed-in answers privately and answers an unchanged revalidation with 304 without running the query', async () => {
    await call(t.app, 'POST', '/api/requests', requester, { FoodId: foodId });
    for (const url of urls()) {
      const who = whoReads(url);
      const first = await get(who, url);
      expect(first.statusCode, url).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('private, no-cache');
      expect(String(first.headers.vary)).toContain('Cookie');
      expect(first.headers['x-cache']).toBeUndefined();
      const again = await get(who, url, etag);
      expect(again.statusCode, url).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect((await get(who, url, '"other"')).statusCode).toBe(200);
    }
    // A change no process heard of: the remembered ETag still answers, so no query ran.
    const detail = `/api/foods/${foodId}`;
    const etag = (await get(requester, detail)).headers.etag as string;
    await silently(7);
    expect((await get(requester, detail, etag)).statusCode).toBe(304);
    expect((await get(requester, detail)).json().FoodQuantity).toBe(7);
  });

  it('gives a new ETag after a write through the API and after any statement on the tables it reads', async () => {
    const detail = `/api/foods/${foodId}`;
    const before = (await get(requester, detail)).headers.etag as string;
    expect((await call(t.app, 'PUT', detail, donor, foodBody({ FoodName: 'Etag Eggs', FoodQuantity: 3 }))).statusCode).toBe(200);
    const afterWrite = await get(requester, detail, before);
    expect(afterWrite.statusCode).toBe(200);
    expect(afterWrite.json().FoodQuantity).toBe(3);
    const tag = afterWrite.headers.etag as string;
    expect(tag).not.toBe(before);
    // A statement outside the API (another process, a script): its trigger's NOTIFY drops the ETags.
    await t.app.db.update(foods).set({ quantity: 4 }).where(eq(foods.id, foodId));
    await within(2000, async () => (await get(requester, detail, tag)).statusCode === 200);
    expect((await get(requester, detail)).json().FoodQuantity).toBe(4);
  });

  it('refuses a revalidation with an ended session (401, not 304) and keeps the answers out of the public cache', async () => {
    const url = mine();
    const reader = await signInAgain(t.app, requester);
    const etag = (await get(reader, url)).headers.etag as string;
    expect((await get(reader, url, etag)).statusCode).toBe(304);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: reader.cookie, origin: 'http://localhost:3000' } })).statusCode).toBe(200);
    expect((await get(reader, url, etag)).statusCode).toBe(401);
    // The anonymous answer of the same address is the public one, tagged publicly.
    const detail = `/api/foods/${foodId}`;
    const signedIn = await get(requester, detail);
    const anonymous = await anon(t.app, detail, { 'if-none-match': signedIn.headers.etag as string });
    expect(anonymous.headers['cache-control']).toBe('no-cache');
    expect(anonymous.headers['x-cache']).toBe('MISS');
  });

  it("drops the ETags on a change to the tables beside the listing's own: a block written in SQL", async () => {
    const detail = `/api/foods/${foodId}`;
    const etag = (await get(requester, detail)).headers.etag as string;
    expect((await get(requester, detail, etag)).statusCode).toBe(304);
    const idOf = async (email: string) => (await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
    await t.app.db.insert(blocks).values({ blockerId: await idOf(donor.email), blockedId: await idOf(requester.email) });
    // Blocked: the listing is unknown to the requester (404), as soon as the NOTIFY arrives.
    await within(2000, async () => (await get(requester, detail, etag)).statusCode === 404);
  });
});
