// A signed-in viewer's requests and blocks, which each process keeps (foods/viewer-facts.ts),
// follow a write on another instance within the notification delay: an acceptance shows
// the requester the donor's address, a block hides the donor's listing, on both the list
// and the detail.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, call, foodBody, freshPostgres, signUp, type Person } from '../harness.js';
import { within } from '../cache/support.js';

describe.runIf(process.env.TEST_DATABASE_URL)("a viewer's requests and blocks on two server instances", () => {
  let a: Awaited<ReturnType<typeof buildTestApp>>;
  let b: Awaited<ReturnType<typeof buildTestApp>>;
  let database: Awaited<ReturnType<typeof freshPostgres>>;
  let donor: Person;
  let requester: Person;

  beforeAll(async () => {
    database = await freshPostgres();
    a = await buildTestApp(database.url);
    b = await buildTestApp(database.url);
    donor = await signUp(a.app, 'Dana Donor');
    requester = await signUp(a.app, 'Rita Requester');
  });
  afterAll(async () => {
    for (const x of [a, b]) {
      await x?.app.close();
      await x?.database.close();
    }
    await database?.drop();
  });

  it("shows B's signed-in reader A's acceptance and block within the notification delay", async () => {
    const id = (await call(a.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Viewer Plums' }))).json().insertedId;
    const detail = `/api/foods/${id}`;
    const list = '/api/foods?sortByDate=dec&limit=24';
    const requestId = (await call(a.app, 'POST', '/api/requests', requester, { FoodId: id, AdditionalNotes: '', DonationMoney: '' })).json().insertedId;
    // B knows the requester's facts: a pending request shows no address.
    const one = (await call(b.app, 'GET', detail, requester)).json();
    expect(one.Donator.Email).toBeUndefined();
    expect((await call(b.app, 'GET', list, requester)).json()[0].Donator.Email).toBeUndefined();

    expect((await call(a.app, 'PATCH', `/api/requests/${requestId}`, donor, { Status: 'Accepted' })).statusCode).toBe(200);
    await within(1000, async () => {
      const [shown, listed] = await Promise.all([call(b.app, 'GET', detail, requester), call(b.app, 'GET', list, requester)]);
      return shown.json().Donator.Email === donor.email && listed.json()[0].Donator.Email === donor.email;
    });

    expect((await call(a.app, 'POST', '/api/blocks', requester, { UserId: one.Donator._id })).statusCode).toBe(201);
    await within(1000, async () => {
      const [shown, listed] = await Promise.all([call(b.app, 'GET', detail, requester), call(b.app, 'GET', list, requester)]);
      return shown.statusCode === 404 && !listed.body.includes('Viewer Plums');
    });
  });
});
