// Who sees a listing's exact point after a hand-over: the accepted requester from
// acceptance (the listing's point, as the donor sets it) and, once it is delivered, the
// point of that hand-over only, until 24 hours after it; a point the donor sets later
// (a listing with some left, moved 2.2 km) is never shown to them exactly. The same for a
// requester who blocked someone, whose reads keep the viewer's columns in SQL
// (foods/viewer-facts.ts) instead of the facts each process keeps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';
import { person } from '../moderation/support.js';

const DOOR = { Lat: 45.7578, Lng: 4.832 };
/** 2.2 km north of the door. */
const MOVED = { Lat: 45.7776, Lng: 4.832 };
const HOUR = 60 * 60 * 1000;

const READERS = ['facts kept by the process', 'columns read in SQL'] as const;

describe.each(BACKENDS.flatMap((backend) => READERS.map((reader) => [backend, reader] as const)))('the exact point around a hand-over on %s, %s', (backend, reader) => {
  let t: TestApp;
  let offset = 0;
  let donor: Person;
  let requester: Person;
  let stranger: Person;

  beforeAll(async () => {
    t = await startApp(backend, {}, { clock: () => new Date(Date.now() + offset) });
    donor = await signUp(t.app, 'Dana Donor');
    requester = await signUp(t.app, 'Rita Requester');
    stranger = await signUp(t.app, 'Sam Stranger');
    if (reader === 'columns read in SQL') {
      const other = await person(t.app, 'Bo Blocked');
      expect((await call(t.app, 'POST', '/api/blocks', requester, { UserId: other.id })).statusCode).toBe(201);
    }
  });
  afterAll(() => t?.close());

  /** The `Location` of `foodId` as `who` gets it, from the detail and from the list (which must agree). */
  async function locationFor(foodId: string, who: Person | null) {
    const detail = (await call(t.app, 'GET', `/api/foods/${foodId}`, who)).json().Location;
    const listed = (await call(t.app, 'GET', '/api/foods?sortByDate=dec&limit=50', who)).json().find((f: { _id: string }) => f._id === foodId)?.Location;
    expect(listed).toEqual(detail);
    return detail as { Lat: number; Lng: number; Approximate: boolean };
  }
  const move = (foodId: string, to: { Lat: number; Lng: number }, quantity: number) =>
    call(t.app, 'PUT', `/api/foods/${foodId}`, donor, foodBody({ FoodName: 'Plenty Pears', FoodQuantity: quantity, Location: to }));

  it('shows the hand-over point, not a later one, and only until 24 hours after the hand-over', async () => {
    offset = 0;
    const foodId = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Plenty Pears', FoodQuantity: 5, Location: DOOR }))).json().insertedId;
    const requestId = (await call(t.app, 'POST', '/api/requests', requester, { FoodId: foodId })).json().insertedId;
    expect((await locationFor(foodId, requester)).Approximate).toBe(true);

    expect((await call(t.app, 'GET', `/api/foods/${foodId}`, requester)).json().Donator.Email).toBeUndefined();

    // From acceptance: the listing's point, as the donor sets it, and the donor's email (SPEC.md §7).
    expect((await call(t.app, 'PATCH', `/api/requests/${requestId}`, donor, { Status: 'Accepted' })).statusCode).toBe(200);
    expect(await locationFor(foodId, requester)).toEqual({ ...DOOR, Approximate: false });
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`, requester)).json().Donator.Email).toBe(donor.email);

    // Delivered with some left: the listing stays open; the donor then moves it 2.2 km.
    const handed = await call(t.app, 'PATCH', `/api/requests/${requestId}`, donor, { Status: 'Delivered', SomeLeft: true, FoodQuantity: 2 });
    expect(handed.statusCode, handed.body).toBe(200);
    expect(await locationFor(foodId, requester)).toEqual({ ...DOOR, Approximate: false });
    expect((await move(foodId, MOVED, 2)).json().modifiedCount).toBe(1);
    expect((await locationFor(foodId, donor))).toEqual({ ...MOVED, Approximate: false });
    const publicPoint = await locationFor(foodId, stranger);
    expect(publicPoint.Approximate).toBe(true);
    expect(await locationFor(foodId, null)).toEqual(publicPoint);
    for (const hours of [0, 23.9]) {
      offset = hours * HOUR;
      const seen = await locationFor(foodId, requester);
      expect(seen, `${hours} h after the hand-over`).toEqual({ ...DOOR, Approximate: false });
      expect(seen).not.toMatchObject({ Lat: MOVED.Lat });
    }

    // 24 hours after the hand-over: the public point, as everyone else gets it.
    offset = 24 * HOUR + 60_000;
    expect(await locationFor(foodId, requester)).toEqual(publicPoint);
    expect((await move(foodId, DOOR, 2)).json().modifiedCount).toBe(1);
    expect((await locationFor(foodId, requester)).Approximate).toBe(true);
  });

  it('gives a requester accepted again the listing\'s point as it is now', async () => {
    offset = 0;
    const foodId = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Plenty Pears', FoodQuantity: 5, Location: DOOR }))).json().insertedId;
    const first = (await call(t.app, 'POST', '/api/requests', requester, { FoodId: foodId })).json().insertedId;
    await call(t.app, 'PATCH', `/api/requests/${first}`, donor, { Status: 'Delivered', SomeLeft: true, FoodQuantity: 3 });
    expect((await move(foodId, MOVED, 3)).json().modifiedCount).toBe(1);
    expect(await locationFor(foodId, requester)).toEqual({ ...DOOR, Approximate: false });
    const second = (await call(t.app, 'POST', '/api/requests', requester, { FoodId: foodId })).json().insertedId;
    expect((await call(t.app, 'PATCH', `/api/requests/${second}`, donor, { Status: 'Accepted' })).statusCode).toBe(200);
    expect(await locationFor(foodId, requester)).toEqual({ ...MOVED, Approximate: false });
  });
});
