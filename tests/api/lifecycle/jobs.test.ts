// The scheduled jobs, driven by an injectable clock (no sleeps): a listing past
// its date expires and its donor and open requesters are told; an accepted request's
// reminder comes 1 hour before PickupAt (else the chosen time, else the window's start),
// "Was it collected?" 24 hours after it (else the window's end); each
// exactly once, with two app instances on one PostgreSQL (on PGlite: two concurrent
// runs in one instance).
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localToday } from '../../../src/server/lib/dates.js';
import { BACKENDS, call, foodBody, signUp, type Person } from '../harness.js';
import { clockedApps } from '../harness-clock.js';

const HOUR = 3_600_000;

describe.each(BACKENDS)('lifecycle jobs on %s', (backend) => {
  let now = new Date();
  const clock = () => now;
  let app: FastifyInstance;
  let close: (() => Promise<void>) | undefined;
  let second: FastifyInstance;
  let donor: Person;
  let ann: Person;
  let bob: Person;

  beforeAll(async () => {
    ({ app, second, close } = await clockedApps(backend, clock));
    donor = await signUp(app, 'Dana Donor');
    ann = await signUp(app, 'Ann');
    bob = await signUp(app, 'Bob');
  });
  afterAll(async () => {
    await close?.();
  });

  const notices = async (who: Person) => (await call(app, 'GET', '/api/notifications?limit=100', who)).json() as { Type: string; Title: string; Body: string; Link: string }[];
  const ofType = async (who: Person, type: string) => (await notices(who)).filter((n) => n.Type === type);
  /** Both instances run their jobs at the same time. */
  const sweepBoth = () => Promise.all([app.lifecycle.sweep(), second.lifecycle.sweep()]);

  it('expires a listing after its last day, tells the donor and open requesters once, and never lists it again', async () => {
    now = new Date();
    const foodId = (await call(app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Last-Day Soup', ExpiredDateTime: localToday(now) }))).json().insertedId;
    for (const who of [ann, bob]) expect((await call(app, 'POST', '/api/requests', who, { FoodId: foodId })).statusCode).toBe(201);
    await sweepBoth();
    expect((await call(app, 'GET', `/api/foods/${foodId}`)).json().FoodStatus).toBe('Available');

    // The day after its expiry date, at noon: past the end of the date in the server's zone.
    now = new Date(`${addDays(localToday(), 1)}T12:00:00`);
    const runs = await sweepBoth();
    expect(runs[0].expired + runs[1].expired).toBe(1);
    await sweepBoth();
    expect((await call(app, 'GET', `/api/foods/${foodId}`)).json().FoodStatus).toBe('Expired');
    expect((await ofType(donor, 'food.expired')).map((n) => n.Title)).toEqual(['Last-Day Soup has expired']);
    for (const who of [ann, bob]) {
      expect((await ofType(who, 'food.expired')).map((n) => n.Body)).toEqual(['Last-Day Soup passed its expiry date before it was handed over.']);
    }
    const listed = (await call(app, 'GET', '/api/foods?sortByDate=dec')).json() as { _id: string }[];
    expect(listed.map((f) => f._id)).not.toContain(foodId);
  });

  it('reminds both sides 1 hour before PickupAt and asks the donor "Was it collected?" 24 hours after, once each', async () => {
    now = new Date();
    const foodId = (await call(app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Pear Crate' }, 10))).json().insertedId;
    const requestId = (await call(app, 'POST', '/api/requests', ann, { FoodId: foodId })).json().insertedId;
    const pickupAt = new Date(now.getTime() + 5 * HOUR);
    expect((await call(app, 'PATCH', `/api/requests/${requestId}`, donor, { Status: 'Accepted', PickupAt: pickupAt.toISOString() })).statusCode).toBe(200);

    now = new Date(pickupAt.getTime() - 2 * HOUR);
    await sweepBoth();
    expect(await ofType(ann, 'pickup.reminder')).toEqual([]);

    now = new Date(pickupAt.getTime() - 59 * 60_000);
    await sweepBoth();
    await sweepBoth();
    expect((await ofType(ann, 'pickup.reminder')).map((n) => n.Title)).toEqual(['Pickup of Pear Crate in one hour']);
    expect((await ofType(donor, 'pickup.reminder')).map((n) => n.Link)).toEqual([`/manage-food/${foodId}`]);

    now = new Date(pickupAt.getTime() + 23 * HOUR);
    await sweepBoth();
    expect(await ofType(donor, 'pickup.check')).toEqual([]);
    now = new Date(pickupAt.getTime() + 24 * HOUR + 60_000);
    await sweepBoth();
    await sweepBoth();
    const asked = await ofType(donor, 'pickup.check');
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({ Title: 'Was Pear Crate collected?', Link: `/manage-food/${foodId}` });
    expect(asked[0]!.Body).toMatch(/'Delivered' or 'No-show'/);
  });

  it('asks "Was it collected?" 24 hours after acceptance when no pickup time was set', async () => {
    now = new Date();
    const foodId = (await call(app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Plum Basket' }, 10))).json().insertedId;
    const requestId = (await call(app, 'POST', '/api/requests', bob, { FoodId: foodId })).json().insertedId;
    const before = (await ofType(donor, 'pickup.check')).length;
    expect((await call(app, 'PATCH', `/api/requests/${requestId}`, donor, { Status: 'Accepted' })).statusCode).toBe(200);
    now = new Date(now.getTime() + 24 * HOUR + 60_000);
    await sweepBoth();
    expect((await ofType(donor, 'pickup.check')).length).toBe(before + 1);
    expect(await ofType(bob, 'pickup.reminder')).toEqual([]);
  });
  it("follows the window when no time was agreed: the reminder 1 hour before the window's start, the question 24 hours after its end", async () => {
    now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const start = new Date(now.getTime() + 5 * HOUR);
    const end = new Date(start.getTime() + HOUR / 2);
    const body = foodBody({ FoodName: 'Bread Bag', TimeZone: 'Europe/Berlin', PickupWindows: [{ Start: start.toISOString(), End: end.toISOString() }] }, 10);
    const foodId = (await call(app, 'POST', '/api/foods', donor, body)).json().insertedId;
    const requestId = (await call(app, 'POST', '/api/requests', bob, { FoodId: foodId })).json().insertedId;
    expect((await call(app, 'PATCH', `/api/requests/${requestId}`, donor, { Status: 'Accepted' })).statusCode).toBe(200);
    const reminders = async () => (await ofType(bob, 'pickup.reminder')).filter((n) => n.Title.includes('Bread Bag'));
    const checks = async () => (await ofType(donor, 'pickup.check')).filter((n) => n.Title.includes('Bread Bag'));

    now = new Date(start.getTime() - 61 * 60_000);
    await sweepBoth();
    expect(await reminders()).toEqual([]);
    now = new Date(start.getTime() - 59 * 60_000);
    await sweepBoth();
    await sweepBoth();
    expect(await reminders()).toHaveLength(1);

    // 24 hours after acceptance is not the moment: 24 hours after the window's end is.
    now = new Date(end.getTime() + 23 * HOUR);
    await sweepBoth();
    expect(await checks()).toEqual([]);
    now = new Date(end.getTime() + 24 * HOUR + 60_000);
    await sweepBoth();
    await sweepBoth();
    expect(await checks()).toHaveLength(1);
  });

  it('reminds 1 hour before the time the requester chose when the donor accepts without one', async () => {
    now = new Date(Math.floor(Date.now() / 60_000) * 60_000);
    const start = new Date(now.getTime() + 3 * HOUR);
    const chosen = new Date(start.getTime() + 90 * 60_000);
    const body = foodBody({ FoodName: 'Cake Box', TimeZone: 'America/New_York', PickupWindows: [{ Start: start.toISOString(), End: new Date(start.getTime() + 2 * HOUR).toISOString() }] }, 10);
    const foodId = (await call(app, 'POST', '/api/foods', donor, body)).json().insertedId;
    const requestId = (await call(app, 'POST', '/api/requests', ann, { FoodId: foodId, PickupAt: chosen.toISOString() })).json().insertedId;
    expect((await call(app, 'PATCH', `/api/requests/${requestId}`, donor, { Status: 'Accepted' })).statusCode).toBe(200);
    const reminders = async () => (await ofType(ann, 'pickup.reminder')).filter((n) => n.Title.includes('Cake Box'));

    now = new Date(start.getTime() - 30 * 60_000);
    await sweepBoth();
    expect(await reminders()).toEqual([]);
    now = new Date(chosen.getTime() - 59 * 60_000);
    await sweepBoth();
    expect(await reminders()).toHaveLength(1);
  });
});
