// A listing's life from Available to Collected, and the request states
// moved by the donor through PATCH /requests/{id}: the full transition matrix (who may
// do what from which state; 403/409 otherwise), Delivered closing the listing, "Some
// left", the waitlist after a no-show, cancelling an accepted request, and the lists.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

type State = 'Pending' | 'Accepted' | 'Delivered' | 'Declined' | 'NoShow';
type Target = 'Accepted' | 'Declined' | 'NoShow' | 'Delivered';

/** The moves the donor may make; every other one is a 409. */
const ALLOWED: Record<State, Target[]> = {
  Pending: ['Accepted', 'Declined', 'Delivered'],
  Accepted: ['Declined', 'NoShow', 'Delivered'],
  Delivered: [],
  Declined: [],
  NoShow: [],
};
/** How to reach each state from Pending. */
const PATH: Record<State, Target[]> = {
  Pending: [],
  Accepted: ['Accepted'],
  Delivered: ['Delivered'],
  Declined: ['Declined'],
  NoShow: ['Accepted', 'NoShow'],
};

describe.each(BACKENDS)('listing and request lifecycle on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let ann: Person;
  let bob: Person;
  let cy: Person;

  beforeAll(async () => {
    t = await startApp(backend);
    donor = await signUp(t.app, 'Dana Donor');
    ann = await signUp(t.app, 'Ann');
    bob = await signUp(t.app, 'Bob');
    cy = await signUp(t.app, 'Cy');
  });
  afterAll(() => t.close());

  const addFood = async (name: string, overrides: Record<string, unknown> = {}, days = 7) =>
    (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: name, ...overrides }, days))).json().insertedId as string;
  const request = async (who: Person, foodId: string) => {
    const res = await call(t.app, 'POST', '/api/requests', who, { FoodId: foodId });
    expect(res.statusCode).toBe(201);
    return res.json().insertedId as string;
  };
  const patch = (id: string, who: Person, body: Record<string, unknown>) => call(t.app, 'PATCH', `/api/requests/${id}`, who, body);
  const move = (target: Target) => (target === 'Accepted' ? { Status: target, PickupAt: new Date(Date.now() + 3_600_000).toISOString() } : { Status: target });
  const requestsOf = async (foodId: string) =>
    (await call(t.app, 'GET', `/api/requests/${foodId}`, donor)).json() as { _id: string; Status: string; Requester: { Name: string } }[];
  const statusOf = async (foodId: string, requestId: string) => (await requestsOf(foodId)).find((r) => r._id === requestId)?.Status;
  const food = async (foodId: string, who?: Person) => (await call(t.app, 'GET', `/api/foods/${foodId}`, who)).json();
  const ids = (res: { json(): unknown }) => (res.json() as { _id: string }[]).map((f) => f._id);
  const notices = async (who: Person) => (await call(t.app, 'GET', '/api/notifications', who)).json() as { Type: string; Title: string; Body: string }[];

  describe('the transition matrix', () => {
    const cases = (Object.keys(ALLOWED) as State[]).flatMap((from) =>
      (['Accepted', 'Declined', 'NoShow', 'Delivered'] as Target[]).map((to) => [from, to, ALLOWED[from].includes(to) ? 200 : 409] as const),
    );

    it.each(cases)('%s → %s: donor gets %i, requester and stranger 403', async (from, to, expected) => {
      const foodId = await addFood(`Matrix ${from} ${to}`);
      const id = await request(ann, foodId);
      for (const step of PATH[from]) expect((await patch(id, donor, move(step))).statusCode).toBe(200);
      expect(await statusOf(foodId, id)).toBe(from);

      expect((await patch(id, ann, move(to))).statusCode).toBe(403);
      expect((await patch(id, bob, move(to))).statusCode).toBe(403);
      const res = await patch(id, donor, move(to));
      expect(res.statusCode).toBe(expected);
      if (expected === 200) {
        expect(res.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
        expect(await statusOf(foodId, id)).toBe(to);
      } else {
        expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
        expect(await statusOf(foodId, id)).toBe(from);
      }
    });

    it('refuses unknown statuses and fields (400), unknown requests (404), anonymous callers (401)', async () => {
      const foodId = await addFood('Matrix input');
      const id = await request(ann, foodId);
      for (const body of [{ Status: 'Pending' }, { Status: 'Cancelled' }, { Status: 'Accepted', PickupAt: 'tomorrow' }, { Status: 'NoShow', Reason: 'x' }]) {
        expect((await patch(id, donor, body)).statusCode).toBe(400);
      }
      expect((await patch('00000000-0000-4000-8000-000000000000', donor, { Status: 'Declined' })).statusCode).toBe(404);
      expect((await call(t.app, 'PATCH', `/api/requests/${id}`, null, { Status: 'Declined' })).statusCode).toBe(401);
      expect(await statusOf(foodId, id)).toBe('Pending');
    });
  });

  it('accepting reserves the listing: others queue, a second accept is 409, a no-show frees it for the next', async () => {
    const foodId = await addFood('Crate of Oranges');
    const a = await request(ann, foodId);
    const b = await request(bob, foodId);
    const pickupAt = '2030-01-02T17:30:00.000Z';
    expect((await patch(a, donor, { Status: 'Accepted', PickupAt: pickupAt, Note: 'Ring twice' })).statusCode).toBe(200);
    expect((await food(foodId)).FoodStatus).toBe('Reserved');
    // Still listed, with its status, and still open to requests (the waitlist).
    const listed = (await call(t.app, 'GET', '/api/foods?sortByDate=dec')).json() as { _id: string; FoodStatus: string }[];
    expect(listed.find((f) => f._id === foodId)?.FoodStatus).toBe('Reserved');
    const c = await request(cy, foodId);

    const mine = (await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(ann.email)}`, ann)).json();
    expect(mine.find((r: { _id: string }) => r._id === a)).toMatchObject({ Status: 'Accepted', PickupAt: pickupAt, Note: 'Ring twice' });
    expect((await notices(ann))[0]).toMatchObject({ Type: 'request.accepted', Title: 'Your request for Crate of Oranges was accepted' });
    expect((await notices(ann))[0]!.Body).toMatch(/^Dana Donor accepted your request for Crate of Oranges\. Pickup: .+\. Note: Ring twice$/);

    const second = await patch(b, donor, { Status: 'Accepted' });
    expect(second.statusCode).toBe(409);
    expect(second.json().detail).toMatch(/Another request/);

    expect((await patch(a, donor, { Status: 'NoShow' })).statusCode).toBe(200);
    expect((await food(foodId)).FoodStatus).toBe('Available');
    expect((await notices(ann))[0]).toMatchObject({ Type: 'request.no_show' });
    expect((await patch(b, donor, { Status: 'Accepted' })).statusCode).toBe(200);
    expect((await patch(c, donor, { Status: 'Declined', Reason: 'Only one crate' })).statusCode).toBe(200);
    const cys = (await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(cy.email)}`, cy)).json();
    expect(cys.find((r: { _id: string }) => r._id === c)).toMatchObject({ Status: 'Declined', Reason: 'Only one crate' });
    expect((await notices(cy))[0]).toMatchObject({ Type: 'request.declined', Body: 'Dana Donor declined your request for Crate of Oranges. Reason: Only one crate' });
    // A declined requester may ask again while the listing is open.
    await request(cy, foodId);
  });

  it('Delivered closes the listing: gone from every public list, a tombstone by id, the others declined and told', async () => {
    const foodId = await addFood('Loaf of Rye', { FoodQuantity: 9000 });
    const a = await request(ann, foodId);
    const b = await request(bob, foodId);
    const c = await request(cy, foodId);
    expect((await patch(b, donor, { Status: 'Accepted' })).statusCode).toBe(200);
    expect((await patch(b, donor, { Status: 'Delivered' })).statusCode).toBe(200);

    expect(await food(foodId)).toMatchObject({ _id: foodId, FoodName: 'Loaf of Rye', FoodStatus: 'Collected' });
    expect(ids(await call(t.app, 'GET', '/api/foods?sortByDate=dec'))).not.toContain(foodId);
    expect(ids(await call(t.app, 'GET', '/api/foods?sortByDate=acc&search=Rye'))).not.toContain(foodId);
    expect(ids(await call(t.app, 'GET', '/api/foods?sortByQuantity=true&limit=6'))).not.toContain(foodId);
    const own = (await call(t.app, 'GET', `/api/foods?email=${encodeURIComponent(donor.email)}`, donor)).json() as { _id: string; FoodStatus: string }[];
    expect(own.find((f) => f._id === foodId)?.FoodStatus).toBe('Collected');

    const statuses = Object.fromEntries((await requestsOf(foodId)).map((r) => [r._id, r.Status]));
    expect(statuses).toEqual({ [a]: 'Declined', [b]: 'Delivered', [c]: 'Declined' });
    for (const who of [ann, cy]) {
      expect((await notices(who))[0]).toMatchObject({
        Type: 'food.collected',
        Title: 'Loaf of Rye has been collected',
        Body: 'Dana Donor gave Loaf of Rye to another neighbour, so your request was declined.',
      });
    }
    expect((await notices(bob))[0]).toMatchObject({ Type: 'request.delivered' });

    const again = await call(t.app, 'POST', '/api/requests', ann, { FoodId: foodId });
    expect(again.statusCode).toBe(409);
    expect(again.json().detail).toMatch(/collected/);
    expect((await patch(a, donor, { Status: 'Accepted' })).statusCode).toBe(409);
  });

  it('the spec\'s flow stays: Delivered straight from Pending, DELETE cancels a pending request', async () => {
    const foodId = await addFood('Pasta Bake');
    const a = await request(ann, foodId);
    const b = await request(bob, foodId);
    const del = await call(t.app, 'DELETE', `/api/requests/${b}`, bob);
    expect(del.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await patch(a, donor, { Status: 'Delivered' })).json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await food(foodId)).FoodStatus).toBe('Collected');
  });

  it('"Some left": the listing stays open with the lower quantity, the others keep waiting', async () => {
    const foodId = await addFood('Oranges', { FoodQuantity: 50 });
    const a = await request(ann, foodId);
    const b = await request(bob, foodId);
    expect((await patch(a, donor, { Status: 'Accepted' })).statusCode).toBe(200);
    const tooMany = await patch(a, donor, { Status: 'Delivered', SomeLeft: true, FoodQuantity: 51 });
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().errors[0].field).toBe('FoodQuantity');
    expect(await statusOf(foodId, a)).toBe('Accepted');

    expect((await patch(a, donor, { Status: 'Delivered', SomeLeft: true, FoodQuantity: 38 })).statusCode).toBe(200);
    expect(await food(foodId)).toMatchObject({ FoodStatus: 'Available', FoodQuantity: 38 });
    expect(await statusOf(foodId, b)).toBe('Pending');
    expect(ids(await call(t.app, 'GET', '/api/foods?sortByDate=dec'))).toContain(foodId);
    expect((await patch(b, donor, { Status: 'Delivered', SomeLeft: true })).statusCode).toBe(200);
    expect(await food(foodId)).toMatchObject({ FoodStatus: 'Available', FoodQuantity: 38 });
  });

  it('the requester may cancel an accepted request: the listing is free again and the donor is told', async () => {
    const foodId = await addFood('Yogurt Cups');
    const a = await request(ann, foodId);
    expect((await patch(a, donor, { Status: 'Accepted' })).statusCode).toBe(200);
    expect((await food(foodId)).FoodStatus).toBe('Reserved');
    // Asking again while accepted is refused.
    expect((await call(t.app, 'POST', '/api/requests', ann, { FoodId: foodId })).json().detail).toMatch(/accepted request/);
    expect((await call(t.app, 'DELETE', `/api/requests/${a}`, donor)).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/requests/${a}`, ann)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await food(foodId)).FoodStatus).toBe('Available');
    expect((await notices(donor))[0]).toMatchObject({ Type: 'request.cancelled', Body: 'Ann cancelled their request for Yogurt Cups.' });
    // Declined, no-show and delivered requests cannot be cancelled.
    const b = await request(bob, foodId);
    await patch(b, donor, { Status: 'Declined' });
    expect((await call(t.app, 'DELETE', `/api/requests/${b}`, bob)).statusCode).toBe(409);
  });

  it('an expired listing answers Expired, is not listed, and cannot be requested or accepted', async () => {
    const fresh = await addFood('Milk');
    const pending = await request(ann, fresh);
    const old = await addFood('Old Cheese', {}, -1);
    expect((await food(old)).FoodStatus).toBe('Expired');
    expect(ids(await call(t.app, 'GET', '/api/foods?sortByDate=dec'))).not.toContain(old);
    expect((await call(t.app, 'POST', '/api/requests', ann, { FoodId: old })).statusCode).toBe(409);
    // The donor moves Milk's date into the past: accepting is refused, declining still works.
    const past = foodBody({ FoodName: 'Milk' }, -1);
    expect((await call(t.app, 'PUT', `/api/foods/${fresh}`, donor, past)).statusCode).toBe(200);
    expect((await patch(pending, donor, { Status: 'Accepted' })).statusCode).toBe(409);
    expect((await patch(pending, donor, { Status: 'Declined' })).statusCode).toBe(200);
  });
});
