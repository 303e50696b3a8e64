// Pickup windows on listings (docs/api.md "Pickup windows"): stored as instants with the
// listing's IANA zone, also across a daylight-saving change in Europe/Berlin and
// America/New_York; the pickupFrom/pickupUntil overlap filter; a listing past its last
// window leaves the list and expires; PickupAt outside every window or in a full one is 409.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, type Person } from '../harness.js';
import { clockedApps } from '../harness-clock.js';

const HOUR = 3_600_000;
const iso = (ms: number) => new Date(ms).toISOString();

describe.each(BACKENDS)('pickup windows on %s', (backend) => {
  let now = new Date();
  const clock = () => now;
  let app: FastifyInstance;
  let close: (() => Promise<void>) | undefined;
  let donor: Person;
  let ann: Person;
  let bob: Person;

  beforeAll(async () => {
    ({ app, close } = await clockedApps(backend, clock));
    donor = await signUp(app, 'Dana Donor');
    ann = await signUp(app, 'Ann');
    bob = await signUp(app, 'Bob');
  });
  afterAll(async () => {
    await close?.();
  });

  const create = async (overrides: Record<string, unknown>) => {
    const res = await call(app, 'POST', '/api/foods', donor, foodBody(overrides, 30));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().insertedId as string;
  };
  const names = async (query: string, who?: Person) => {
    const res = await call(app, 'GET', `/api/foods?sortByDate=acc&${query}`, who);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().map((f: { FoodName: string }) => f.FoodName) as string[];
  };

  it('answers PickupWindows [] and the server zone for a listing made without them, as before', async () => {
    now = new Date();
    const id = await create({ FoodName: 'Plain Pears' });
    const food = (await call(app, 'GET', `/api/foods/${id}`)).json();
    expect(food.PickupWindows).toEqual([]);
    expect(food.TimeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    const own = (await call(app, 'GET', `/api/foods?email=${encodeURIComponent(donor.email)}`, donor)).json();
    expect(own.find((f: { _id: string }) => f._id === id).PickupWindows).toEqual([]);
  });

  it('keeps windows across a daylight-saving change as the instants sent, and filters by overlap', async () => {
    now = new Date();
    // Berlin springs forward on 28 March 2027: 01:30 (+01:00) to 03:30 (+02:00) is one hour.
    const berlin = await create({
      FoodName: 'Spring Rolls Berlin',
      ExpiredDateTime: '2027-03-28',
      TimeZone: 'Europe/Berlin',
      PickupWindows: [{ Start: '2027-03-28T01:30:00+01:00', End: '2027-03-28T03:30:00+02:00', Capacity: 3 }],
    });
    // New York falls back on 7 November 2027: 01:30 EDT (-04:00) to 01:30 EST (-05:00) is one hour.
    const ny = await create({
      FoodName: 'Fall Rolls New York',
      ExpiredDateTime: '2027-11-07',
      TimeZone: 'America/New_York',
      PickupWindows: [{ Start: '2027-11-07T01:30:00-04:00', End: '2027-11-07T01:30:00-05:00' }],
    });
    const b = (await call(app, 'GET', `/api/foods/${berlin}`)).json();
    expect(b.TimeZone).toBe('Europe/Berlin');
    expect(b.PickupWindows).toEqual([{ Start: '2027-03-28T00:30:00.000Z', End: '2027-03-28T01:30:00.000Z', Capacity: 3, Left: 3 }]);
    const n = (await call(app, 'GET', `/api/foods/${ny}`)).json();
    expect(n.PickupWindows).toEqual([{ Start: '2027-11-07T05:30:00.000Z', End: '2027-11-07T06:30:00.000Z' }]);

    const q = (from: string, until: string) => names(`search=Rolls&pickupFrom=${encodeURIComponent(from)}&pickupUntil=${encodeURIComponent(until)}`);
    expect(await q('2027-03-28T02:45:00+02:00', '2027-03-28T03:00:00+02:00')).toEqual(['Spring Rolls Berlin']);
    // The window is [Start, End): an interval starting at its end does not overlap it.
    expect(await q('2027-03-28T03:30:00+02:00', '2027-03-28T05:00:00+02:00')).toEqual([]);
    // 01:45 happens twice in New York that night: the first (EDT) is inside the window, the second (EST) after it.
    expect(await q('2027-11-07T01:45:00-04:00', '2027-11-07T01:50:00-04:00')).toEqual(['Fall Rolls New York']);
    expect(await q('2027-11-07T01:45:00-05:00', '2027-11-07T01:50:00-05:00')).toEqual([]);
    expect(await names(`search=Rolls&pickupUntil=${encodeURIComponent('2027-04-01T00:00:00Z')}`)).toEqual(['Spring Rolls Berlin']);
    expect(await names(`search=Rolls&pickupFrom=${encodeURIComponent('2027-04-01T00:00:00Z')}`)).toEqual(['Fall Rolls New York']);
    expect(await names('search=Rolls')).toEqual(['Spring Rolls Berlin', 'Fall Rolls New York']);
    // A narrow interval is read from the windows, a wide one listing by listing: the same answers.
    expect(await q('2027-03-01T00:00:00Z', '2027-03-31T00:00:00Z')).toEqual(['Spring Rolls Berlin']);
    expect(await q('2027-03-01T00:00:00Z', '2027-12-01T00:00:00Z')).toEqual(['Spring Rolls Berlin', 'Fall Rolls New York']);
  });

  it('refuses bad windows, zones and filters with a 400 naming the field', async () => {
    const bad = async (body: Record<string, unknown>, field: string) => {
      const res = await call(app, 'POST', '/api/foods', donor, foodBody(body));
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(JSON.stringify(res.json().errors)).toContain(field);
    };
    await bad({ PickupWindows: [{ Start: '2027-01-01T12:00:00Z', End: '2027-01-01T11:00:00Z' }] }, 'End');
    await bad({ PickupWindows: [{ Start: '2027-01-01T12:00', End: '2027-01-01T13:00' }] }, 'Start');
    await bad({ PickupWindows: [{ Start: '2027-01-01T12:00:00Z', End: '2027-01-01T13:00:00Z' }, { Start: '2027-01-01T12:30:00Z', End: '2027-01-01T14:00:00Z' }] }, 'PickupWindows');
    await bad({ PickupWindows: [{ Start: '2027-01-01T12:00:00Z', End: '2027-01-01T13:00:00Z', Capacity: 0 }] }, 'Capacity');
    await bad({ TimeZone: 'Mars/Olympus_Mons' }, 'TimeZone');
    const res = await call(app, 'GET', '/api/foods?pickupFrom=2027-01-02T00:00:00Z&pickupUntil=2027-01-01T00:00:00Z');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(res.json().errors)).toContain('pickupUntil');
  });

  it('keeps windows on a PUT without them, replaces them when sent and clears them with []', async () => {
    now = new Date();
    const w1 = { Start: iso(now.getTime() + 2 * HOUR), End: iso(now.getTime() + 3 * HOUR) };
    const w2 = { Start: iso(now.getTime() + 26 * HOUR), End: iso(now.getTime() + 27 * HOUR), Capacity: 2 };
    const id = await create({ FoodName: 'Put Parsnips', PickupWindows: [w1] });
    const body = foodBody({ FoodName: 'Put Parsnips' }, 30);
    const put = (extra: Record<string, unknown>) => call(app, 'PUT', `/api/foods/${id}`, donor, { ...body, ...extra });
    const windows = async () => (await call(app, 'GET', `/api/foods/${id}`)).json().PickupWindows;
    expect((await put({})).json().modifiedCount).toBe(0);
    expect(await windows()).toEqual([{ Start: new Date(w1.Start).toISOString(), End: new Date(w1.End).toISOString() }]);
    expect((await put({ PickupWindows: [w2, w1] })).json().modifiedCount).toBe(1);
    expect((await windows()).map((w: { Start: string }) => w.Start)).toEqual([w1.Start, w2.Start]);
    expect((await put({ PickupWindows: [w1, w2] })).json().modifiedCount).toBe(0);
    expect((await put({ PickupWindows: [], TimeZone: 'America/New_York' })).json().modifiedCount).toBe(1);
    const food = (await call(app, 'GET', `/api/foods/${id}`)).json();
    expect(food).toMatchObject({ PickupWindows: [], TimeZone: 'America/New_York' });
  });

  it('takes a listing past its last window off the list, and the expiry job expires it', async () => {
    now = new Date();
    const start = now.getTime() + HOUR;
    const id = await create({ FoodName: 'Evening Eclairs', PickupWindows: [{ Start: iso(start), End: iso(start + HOUR) }] });
    expect(await names('search=Eclairs')).toEqual(['Evening Eclairs']);
    now = new Date(start + HOUR);
    // A signed-in reader's list is read afresh; the anonymous cached one follows the expiry job's write.
    expect(await names('search=Eclairs', ann)).toEqual([]);
    const run = await app.lifecycle.sweep();
    expect(await names('search=Eclairs')).toEqual([]);
    expect(run.expired).toBeGreaterThanOrEqual(1);
    expect((await call(app, 'GET', `/api/foods/${id}`)).json().FoodStatus).toBe('Expired');
    const notices = (await call(app, 'GET', '/api/notifications?limit=100', donor)).json() as { Link: string }[];
    expect(notices.some((x) => x.Link.includes(id))).toBe(true);
  });

  it('accepts PickupAt only inside a window with room: outside or full is a 409 problem', async () => {
    now = new Date();
    const t0 = now.getTime() + 2 * HOUR;
    const slot = { Start: iso(t0), End: iso(t0 + HOUR / 6), Capacity: 1 };
    const later = { Start: iso(t0 + HOUR / 6), End: iso(t0 + HOUR / 3) };
    const id = await create({ FoodName: 'Crate of Oranges', FoodQuantity: 50, PickupWindows: [slot, later] });
    const request = async (who: Person) => (await call(app, 'POST', '/api/requests', who, { FoodId: id })).json().insertedId as string;
    const accept = (rid: string, at: number) => call(app, 'PATCH', `/api/requests/${rid}`, donor, { Status: 'Accepted', PickupAt: iso(at) });
    const annReq = await request(ann);
    const outside = await accept(annReq, t0 - 60_000);
    expect(outside.statusCode).toBe(409);
    expect(outside.headers['content-type']).toContain('application/problem+json');
    expect(outside.json()).toMatchObject({ code: 'outside_windows', detail: expect.stringMatching(/outside every pickup window/) });
    // The end is not inside the window (half-open), the start is.
    expect((await accept(annReq, t0 + HOUR / 3)).statusCode).toBe(409);
    expect((await accept(annReq, t0)).statusCode).toBe(200);
    expect((await call(app, 'GET', `/api/foods/${id}`)).json().PickupWindows[0]).toMatchObject({ Capacity: 1, Left: 0 });
    const done = await call(app, 'PATCH', `/api/requests/${annReq}`, donor, { Status: 'Delivered', SomeLeft: true, FoodQuantity: 40 });
    expect(done.statusCode, done.body).toBe(200);

    const bobReq = await request(bob);
    const full = await accept(bobReq, t0 + 5 * 60_000);
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'window_full', detail: expect.stringMatching(/window is full/) });
    expect((await accept(bobReq, t0 + HOUR / 6 + 60_000)).statusCode).toBe(200);
    const mine = (await call(app, 'GET', `/api/requests?email=${encodeURIComponent(bob.email)}`, bob)).json();
    expect(mine.find((r: { _id: string }) => r._id === bobReq).PickupAt).toBe(iso(t0 + HOUR / 6 + 60_000));
  });

  it("takes the requester's chosen time inside a window, and the donor's acceptance without PickupAt keeps it", async () => {
    now = new Date();
    const t0 = Math.floor(now.getTime() / 60_000) * 60_000 + 3 * HOUR;
    const id = await create({ FoodName: 'Slot Scones', PickupWindows: [{ Start: iso(t0), End: iso(t0 + HOUR / 6), Capacity: 2 }] });
    const outside = await call(app, 'POST', '/api/requests', ann, { FoodId: id, PickupAt: iso(t0 - HOUR) });
    expect(outside.statusCode).toBe(409);
    const res = await call(app, 'POST', '/api/requests', ann, { FoodId: id, PickupAt: iso(t0 + 5 * 60_000) });
    expect(res.statusCode, res.body).toBe(201);
    const rid = res.json().insertedId as string;
    const forDonor = (await call(app, 'GET', `/api/requests/${id}`, donor)).json();
    expect(forDonor[0]).toMatchObject({ RequestedPickupAt: iso(t0 + 5 * 60_000) });
    expect(forDonor[0].PickupAt).toBeUndefined();
    expect((await call(app, 'PATCH', `/api/requests/${rid}`, donor, { Status: 'Accepted' })).statusCode).toBe(200);
    const mine = (await call(app, 'GET', `/api/requests?email=${encodeURIComponent(ann.email)}`, ann)).json();
    expect(mine.find((r: { _id: string }) => r._id === rid).PickupAt).toBe(iso(t0 + 5 * 60_000));
  });
});
