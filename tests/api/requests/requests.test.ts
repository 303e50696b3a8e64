// `/api/requests` (SPEC.md §7, §4 Request Status): copying from the food,
// ownership, the Pending → Delivered rule and cancellation only while Pending.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

describe.each(BACKENDS)('requests API on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let requester: Person;
  let stranger: Person;
  let foodId: string;

  beforeAll(async () => {
    t = await startApp(backend);
    donor = await signUp(t.app, 'Dana Donor');
    requester = await signUp(t.app, 'Rita Requester');
    stranger = await signUp(t.app, 'Sam Stranger');
    const res = await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Vegetable Soup' }));
    foodId = res.json().insertedId;
  });
  afterAll(() => t.close());

  const requestBody = (overrides: Record<string, unknown> = {}) => ({
    FoodId: foodId,
    FoodName: 'Forged name',
    Donator: { Email: 'forged@evil.test', Name: 'Forged', Image: '' },
    Requester: { Email: 'forged@evil.test', Name: 'Forged', Image: '' },
    RequestDate: '1999-01-01T00:00:00Z',
    Status: 'Delivered',
    AdditionalNotes: 'After 6pm please',
    DonationMoney: '$5',
    ...overrides,
  });

  const myRequests = async (who: Person) =>
    (await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(who.email)}`, who)).json();

  it('creates a Pending request copied from the food and the session, whatever the client sent', async () => {
    const before = Date.now();
    const res = await call(t.app, 'POST', '/api/requests', requester, requestBody());
    expect(res.statusCode).toBe(201);
    const { insertedId } = res.json();
    expect(res.json()).toEqual({ acknowledged: true, insertedId: expect.any(String) });

    const [mine] = await myRequests(requester);
    expect(mine).toMatchObject({
      _id: insertedId,
      FoodId: foodId,
      FoodName: 'Vegetable Soup',
      FoodImage: 'https://images.example.org/apples.jpg',
      PickupLocation: '12 Elm Street',
      // The donor's address only once the donor has taken the request up.
      Donator: { Name: 'Dana Donor', Image: donor.image },
      Requester: { Email: requester.email, Name: 'Rita Requester', Image: requester.image },
      AdditionalNotes: 'After 6pm please',
      DonationMoney: '$5',
      Status: 'Pending',
    });
    expect(mine.Donator).not.toHaveProperty('Email');
    expect(Date.parse(mine.RequestDate)).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(mine.RequestDate)).toBeLessThanOrEqual(Date.now() + 1000);
  });

  it('refuses a second pending request for the same food, and requesting your own food', async () => {
    const again = await call(t.app, 'POST', '/api/requests', requester, requestBody());
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/pending request/);
    const own = await call(t.app, 'POST', '/api/requests', donor, requestBody());
    expect(own.statusCode).toBe(409);
    expect(await myRequests(requester)).toHaveLength(1);
  });

  it('refuses requests for expired or unknown foods, and anonymous requests', async () => {
    const expired = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Old Milk' }, -2))).json().insertedId;
    expect((await call(t.app, 'POST', '/api/requests', stranger, requestBody({ FoodId: expired }))).statusCode).toBe(409);
    const unknown = await call(t.app, 'POST', '/api/requests', stranger, requestBody({ FoodId: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.statusCode).toBe(404);
    expect((await call(t.app, 'POST', '/api/requests', null, requestBody())).statusCode).toBe(401);
    const bad = await call(t.app, 'POST', '/api/requests', stranger, requestBody({ DonationMoney: 'x'.repeat(51) }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json().errors[0].field).toBe('DonationMoney');
    expect(await myRequests(stranger)).toEqual([]);
  });

  it('lists the requests of a food to its donor only', async () => {
    const res = await call(t.app, 'GET', `/api/requests/${foodId}`, donor);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((r: { Requester: { Email: string } }) => r.Requester.Email)).toEqual([requester.email]);
    expect((await call(t.app, 'GET', `/api/requests/${foodId}`, requester)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/requests/${foodId}`)).statusCode).toBe(401);
  });

  it("answers a user's own request list only", async () => {
    expect((await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(requester.email)}`, stranger)).statusCode).toBe(403);
    expect((await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(requester.email)}`)).statusCode).toBe(401);
  });

  it('lets only the donor mark a request Delivered, once, and then nobody can cancel it', async () => {
    const [mine] = await myRequests(requester);
    const url = `/api/requests/${mine._id}`;
    expect((await call(t.app, 'PATCH', url, requester, { Status: 'Delivered' })).statusCode).toBe(403);
    expect((await call(t.app, 'PATCH', url, donor, { Status: 'Pending' })).statusCode).toBe(400);
    expect((await myRequests(requester))[0].Status).toBe('Pending');

    const res = await call(t.app, 'PATCH', url, donor, { Status: 'Delivered' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await call(t.app, 'PATCH', url, donor, { Status: 'Delivered' })).statusCode).toBe(409);

    const cancel = await call(t.app, 'DELETE', url, requester);
    expect(cancel.statusCode).toBe(409);
    expect((await myRequests(requester))[0].Status).toBe('Delivered');
  });

  it('lets only the requester cancel a pending request', async () => {
    // The soup was collected above; a second listing is still open.
    const rolls = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Bread Rolls' }))).json().insertedId;
    const created = await call(t.app, 'POST', '/api/requests', requester, requestBody({ FoodId: rolls }));
    expect(created.statusCode).toBe(201);
    const url = `/api/requests/${created.json().insertedId}`;
    expect((await call(t.app, 'DELETE', url, donor)).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', url, stranger)).statusCode).toBe(403);
    expect(await myRequests(requester)).toHaveLength(2);
    const res = await call(t.app, 'DELETE', url, requester);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect(await myRequests(requester)).toHaveLength(1);
    expect((await call(t.app, 'DELETE', url, requester)).statusCode).toBe(404);
  });

  it("withdraws a food's requests when the donor deletes it", async () => {
    await call(t.app, 'DELETE', `/api/foods/${foodId}`, donor);
    expect(await myRequests(requester)).toEqual([]);
  });
});
