// Per-account flood limits (docs/security.md#rate-limits): 30 listings
// and 30 requests a day, 20 messages a minute and 300 a day, 15 open requests for
// an account younger than 7 days with no completed hand-over. Each answers a 429
// problem with the real Retry-After; refused or failed writes do not count; a fresh,
// unverified account lists and requests at once (SPEC.md's flows).
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema/index.js';
import { LISTINGS_PER_DAY } from '../../../src/server/foods/limits.js';
import { MESSAGES_PER_DAY, MESSAGES_PER_MINUTE } from '../../../src/server/messages/limits.js';
import { NEW_ACCOUNT_OPEN_REQUESTS, REQUESTS_PER_DAY } from '../../../src/server/requests/limits.js';
import { BACKENDS, call, foodBody, startApp, type Person, type TestApp } from '../harness.js';
import { delivered, listing, person, request } from '../moderation/support.js';

const DAY = 24 * 60 * 60;

function expectTooMany(res: { statusCode: number; headers: Record<string, unknown>; json(): { detail: string } }, maxSeconds: number, minSeconds = 1) {
  expect(res.statusCode).toBe(429);
  const wait = Number(res.headers['retry-after']);
  expect(wait).toBeGreaterThanOrEqual(minSeconds);
  expect(wait).toBeLessThanOrEqual(maxSeconds);
  expect(res.headers['content-type']).toContain('application/problem+json');
}

describe.each(BACKENDS)('account flood limits on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(() => t.close());

  /** Makes `who` older than the new-account window. */
  const age = async (who: { id: string }) =>
    t.app.db.update(users).set({ createdAt: sql`now() - interval '8 days'` }).where(eq(users.id, who.id));

  it('lets a fresh unverified account list and request at once, and its listing shows at once', async () => {
    const donor = await person(t.app, 'Fresh Donor');
    const requester = await person(t.app, 'Fresh Requester');
    const foodId = await listing(t.app, donor, 'Fresh Figs');
    expect((await call(t.app, 'GET', '/api/foods?sortByDate=dec&search=Fresh Figs')).json()).toHaveLength(1);
    await request(t.app, requester, foodId);
  });

  it(`refuses listing ${LISTINGS_PER_DAY.max + 1} in a day with a 429 and the day's Retry-After; a refused body does not count`, async () => {
    const donor = await person(t.app, 'Busy Donor');
    expect((await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodQuantity: 0 }))).statusCode).toBe(400);
    for (let i = 0; i < LISTINGS_PER_DAY.max; i++) await listing(t.app, donor, `Item ${i}`);
    const res = await call(t.app, 'POST', '/api/foods', donor, foodBody());
    expectTooMany(res, DAY, DAY - 120);
    expect(res.json().detail).toBe('You can add at most 30 listings a day. Please try again later.');
    // Another account is not affected.
    await listing(t.app, await person(t.app, 'Other Donor'));
  });

  it(`refuses request ${REQUESTS_PER_DAY.max + 1} in a day; a refused request (409) does not count`, async () => {
    // Two donors: one may list only 30 a day.
    const donors = [await person(t.app, 'Many Foods'), await person(t.app, 'More Foods')];
    const foods: string[] = [];
    for (let i = 0; i < REQUESTS_PER_DAY.max + 1; i++) foods.push(await listing(t.app, donors[i % 2]!, `Food ${i}`));
    const requester = await person(t.app, 'Hungry');
    await age(requester);
    await request(t.app, requester, foods[0]!);
    expect((await call(t.app, 'POST', '/api/requests', requester, { FoodId: foods[0] })).statusCode).toBe(409);
    for (const id of foods.slice(1, REQUESTS_PER_DAY.max)) await request(t.app, requester, id);
    const res = await call(t.app, 'POST', '/api/requests', requester, { FoodId: foods[REQUESTS_PER_DAY.max] });
    expectTooMany(res, DAY, DAY - 120);
  });

  it(`holds a new account to ${NEW_ACCOUNT_OPEN_REQUESTS.max} open requests until it is ${NEW_ACCOUNT_OPEN_REQUESTS.accountAgeDays} days old or has a completed hand-over`, async () => {
    const donor = await person(t.app, 'Generous');
    const foods: string[] = [];
    for (let i = 0; i < NEW_ACCOUNT_OPEN_REQUESTS.max + 2; i++) foods.push(await listing(t.app, donor, `Open ${i}`));
    const newbie = await person(t.app, 'Newbie');
    for (const id of foods.slice(0, NEW_ACCOUNT_OPEN_REQUESTS.max)) await request(t.app, newbie, id);
    const res = await call(t.app, 'POST', '/api/requests', newbie, { FoodId: foods[NEW_ACCOUNT_OPEN_REQUESTS.max] });
    // Retry-After: when the account turns 7 days old.
    expectTooMany(res, 7 * DAY, 7 * DAY - 120);
    expect(res.json().detail).toMatch(/at most 15 open requests/);
    // Cancelling one frees a place.
    const [first] = (await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(newbie.email)}`, newbie)).json();
    await call(t.app, 'DELETE', `/api/requests/${first._id}`, newbie);
    await request(t.app, newbie, foods[NEW_ACCOUNT_OPEN_REQUESTS.max]!);

    // A completed hand-over lifts the cap.
    const proven = await person(t.app, 'Proven');
    for (const id of foods.slice(0, NEW_ACCOUNT_OPEN_REQUESTS.max)) await request(t.app, proven, id);
    expect((await call(t.app, 'POST', '/api/requests', proven, { FoodId: foods[NEW_ACCOUNT_OPEN_REQUESTS.max] })).statusCode).toBe(429);
    // One place freed for the hand-over, then the hand-over completes: the 16th and 17th open requests go through.
    const [one] = (await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(proven.email)}`, proven)).json();
    await call(t.app, 'DELETE', `/api/requests/${one._id}`, proven);
    await delivered(t.app, await person(t.app, 'Giver'), proven);
    await request(t.app, proven, one.FoodId);
    await request(t.app, proven, foods[NEW_ACCOUNT_OPEN_REQUESTS.max]!);
    await request(t.app, proven, foods[NEW_ACCOUNT_OPEN_REQUESTS.max + 1]!);
  });

  it(`refuses message ${MESSAGES_PER_MINUTE.max + 1} in a minute and message ${MESSAGES_PER_DAY.max + 1} in a day`, async () => {
    const donor = await person(t.app, 'Chatty Donor');
    const talker = await person(t.app, 'Talker');
    const requestId = await request(t.app, talker, await listing(t.app, donor));
    const send = (who: Person) => call(t.app, 'POST', `/api/requests/${requestId}/messages`, who, { Body: 'Hello' });
    for (let i = 0; i < MESSAGES_PER_MINUTE.max; i++) expect((await send(talker)).statusCode).toBe(201);
    expectTooMany(await send(talker), 60);
    expect((await send(donor)).statusCode).toBe(201);

    // The day's counter: this account has sent 300 today (the minute window is over).
    const [row] = await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, donor.email));
    await t.app.db.execute(sql`update limit_counters set count = ${MESSAGES_PER_DAY.max} where key = ${`messages-day:${row!.id}`}`);
    const res = await send(donor);
    expectTooMany(res, DAY, DAY - 120);
    // A message the day refuses does not count against the minute either.
    const minute = await t.app.db.execute(sql`select count from limit_counters where key = ${`messages-minute:${row!.id}`}`);
    const rows = (Array.isArray(minute) ? minute : (minute as { rows: { count: number }[] }).rows) as { count: number }[];
    expect(Number(rows[0]!.count)).toBe(1);
  });
});
