// Recurring offers (docs/api.md "Recurring offers"), driven by an injected clock: the
// scheduler makes each day ahead as its own listing, once, with two app instances on one
// PostgreSQL (on PGlite two concurrent sweeps of one instance); windows keep their local
// time across a daylight-saving change; paused offers make nothing, stopped ones never again.
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, type Person } from '../harness.js';
import { clockedApps } from '../harness-clock.js';

const DAY = 86_400_000;

describe.each(BACKENDS)('recurring offers on %s', (backend) => {
  let now = new Date('2027-03-10T12:00:00Z');
  const clock = () => now;
  let app: FastifyInstance;
  let close: (() => Promise<void>) | undefined;
  let second: FastifyInstance;
  let bakery: Person;
  let other: Person;

  beforeAll(async () => {
    ({ app, second, close } = await clockedApps(backend, clock));
    bakery = await signUp(app, 'Bäckerei Sonne');
    other = await signUp(app, 'Otto Other');
  });
  afterAll(async () => {
    await close?.();
  });

  /** Both instances run the sweep at once; returns how many listings they made together. */
  const sweepBoth = async () => (await Promise.all([app.lifecycle.sweep(), second.lifecycle.sweep()])).reduce((n, r) => n + r.made, 0);
  const own = async () =>
    (await call(app, 'GET', `/api/foods?email=${encodeURIComponent(bakery.email)}`, bakery)).json() as {
      _id: string;
      FoodName: string;
      ExpiredDateTime: string;
      SeriesId?: string;
      PickupWindows: { Start: string; End: string; Capacity?: number }[];
    }[];
  const ofSeries = async (seriesId: string) => (await own()).filter((f) => f.SeriesId === seriesId).sort((a, b) => a.ExpiredDateTime.localeCompare(b.ExpiredDateTime));
  const offer = async (body: Record<string, unknown>) => {
    const res = await call(app, 'POST', '/api/foods', bakery, foodBody(body));
    expect(res.statusCode, res.body).toBe(201);
    const id = res.json().insertedId as string;
    const seriesId = (await call(app, 'GET', `/api/foods/${id}`, bakery)).json().SeriesId as string;
    expect(seriesId).toMatch(/^[0-9a-f-]{36}$/);
    return { id, seriesId };
  };

  it('makes every day of a New York offer once, at 18:30 local before and after the clocks go forward', async () => {
    now = new Date('2027-03-10T12:00:00Z'); // Wednesday; New York moves to EDT on Sunday 14 March
    const { seriesId } = await offer({
      FoodName: 'Bagels from Ess-a-Bagel',
      ExpiredDateTime: '2027-03-10',
      TimeZone: 'America/New_York',
      PickupWindows: [{ Start: '2027-03-10T18:30:00-05:00', End: '2027-03-10T19:00:00-05:00', Capacity: 4 }],
      Recurrence: { Weekdays: [1, 2, 3, 4, 5, 6, 7] },
    });
    expect(await sweepBoth()).toBe(7);
    expect(await sweepBoth()).toBe(0);
    const days = await ofSeries(seriesId);
    expect(days.map((f) => f.ExpiredDateTime)).toEqual(['2027-03-10', '2027-03-11', '2027-03-12', '2027-03-13', '2027-03-14', '2027-03-15', '2027-03-16', '2027-03-17']);
    const starts = Object.fromEntries(days.map((f) => [f.ExpiredDateTime, f.PickupWindows.map((w) => [w.Start, w.End, w.Capacity])]));
    expect(starts['2027-03-13']).toEqual([['2027-03-13T23:30:00.000Z', '2027-03-14T00:00:00.000Z', 4]]);
    expect(starts['2027-03-15']).toEqual([['2027-03-15T22:30:00.000Z', '2027-03-15T23:00:00.000Z', 4]]);
    // Stopped through the listing's own body: nothing more, ever.
    const source = days[0]!;
    const put = await call(app, 'PUT', `/api/foods/${source._id}`, bakery, foodBody({ FoodName: source.FoodName, ExpiredDateTime: '2027-03-10', Recurrence: null }));
    expect(put.json().modifiedCount).toBe(1);
    now = new Date(now.getTime() + 3 * DAY);
    expect(await sweepBoth()).toBe(0);
    const offers = (await call(app, 'GET', '/api/recurring-offers', bakery)).json();
    expect(offers.find((o: { _id: string }) => o._id === seriesId)).toMatchObject({ Status: 'Stopped', TimeZone: 'America/New_York', Weekdays: [1, 2, 3, 4, 5, 6, 7] });
    expect((await call(app, 'PATCH', `/api/recurring-offers/${seriesId}`, bakery, { Status: 'Active' })).statusCode).toBe(409);
  });

  it('makes a Berlin bakery offer Mon–Sat, pauses and resumes it, and never remakes a deleted day', async () => {
    now = new Date('2027-03-24T12:00:00Z'); // Wednesday; Berlin moves to CEST on Sunday 28 March
    const { seriesId } = await offer({
      FoodName: 'Bread from Bäckerei Sonne',
      ExpiredDateTime: '2027-03-24',
      TimeZone: 'Europe/Berlin',
      PickupWindows: [{ Start: '2027-03-24T18:30:00+01:00', End: '2027-03-24T19:00:00+01:00', Capacity: 5 }],
      Recurrence: { Weekdays: [6, 1, 2, 3, 4, 5], Until: '2027-04-10' },
    });
    expect(await sweepBoth()).toBe(6); // Thu 25 … Wed 31, no Sunday
    const days = await ofSeries(seriesId);
    expect(days.map((f) => f.ExpiredDateTime)).toEqual(['2027-03-24', '2027-03-25', '2027-03-26', '2027-03-27', '2027-03-29', '2027-03-30', '2027-03-31']);
    const start = (day: string) => days.find((f) => f.ExpiredDateTime === day)!.PickupWindows[0]!.Start;
    expect(start('2027-03-27')).toBe('2027-03-27T17:30:00.000Z');
    expect(start('2027-03-29')).toBe('2027-03-29T16:30:00.000Z');
    // Each day is its own listing: a request for one is not a request for another.
    const anon = (await call(app, 'GET', '/api/foods?sortByDate=acc&search=Sonne')).json();
    expect(anon.length).toBe(7);

    // Someone else cannot touch the offer; the bakery pauses it.
    expect((await call(app, 'PATCH', `/api/recurring-offers/${seriesId}`, other, { Status: 'Paused' })).statusCode).toBe(404);
    const paused = await call(app, 'PATCH', `/api/recurring-offers/${seriesId}`, bakery, { Status: 'Paused' });
    expect(paused.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    now = new Date('2027-03-26T12:00:00Z');
    expect(await sweepBoth()).toBe(0);

    // The donor withdraws Thursday 1 April's listing once it is made: it is not made again.
    expect((await call(app, 'PATCH', `/api/recurring-offers/${seriesId}`, bakery, { Status: 'Active' })).json().modifiedCount).toBe(1);
    expect(await sweepBoth()).toBe(2); // Thu 1, Fri 2 April
    const thursday = (await ofSeries(seriesId)).find((f) => f.ExpiredDateTime === '2027-04-01')!;
    expect((await call(app, 'DELETE', `/api/foods/${thursday._id}`, bakery)).json().deletedCount).toBe(1);
    expect(await sweepBoth()).toBe(0);
    // Past its end (10 April) the offer stops itself.
    now = new Date('2027-04-11T12:00:00Z');
    await sweepBoth();
    const listed = (await call(app, 'GET', '/api/recurring-offers', bakery)).json();
    expect(listed.find((o: { _id: string }) => o._id === seriesId)).toMatchObject({ Status: 'Stopped', Until: '2027-04-10', Weekdays: [1, 2, 3, 4, 5, 6] });
    const made = await ofSeries(seriesId);
    expect(made.map((f) => f.ExpiredDateTime).filter((d) => d > '2027-04-02')).toEqual([]);
  });

  it("shows a donor's running offers on their public standing: not paused, not stopped", async () => {
    now = new Date('2027-05-05T12:00:00Z');
    const { id, seriesId } = await offer({
      FoodName: 'Rolls from Bäckerei Sonne',
      ExpiredDateTime: '2027-05-05',
      TimeZone: 'Europe/Berlin',
      PickupWindows: [{ Start: '2027-05-05T18:30:00+02:00', End: '2027-05-05T19:00:00+02:00' }],
      Recurrence: { Weekdays: [1, 2, 3, 4, 5, 6] },
    });
    const donorId = (await call(app, 'GET', `/api/foods/${id}`)).json().Donator._id as string;
    const shown = async () => ((await call(app, 'GET', `/api/people/${donorId}`)).json().RecurringOffers as { _id: string }[]).filter((o) => o._id === seriesId);
    expect(await shown()).toEqual([{ _id: seriesId, FoodName: 'Rolls from Bäckerei Sonne', Weekdays: [1, 2, 3, 4, 5, 6], TimeZone: 'Europe/Berlin', Times: [{ Start: '18:30', End: '19:00' }] }]);
    // The offers stopped above are not shown.
    expect(((await call(app, 'GET', `/api/people/${donorId}`)).json().RecurringOffers as unknown[]).length).toBe(1);
    expect((await call(app, 'PATCH', `/api/recurring-offers/${seriesId}`, bakery, { Status: 'Paused' })).statusCode).toBe(200);
    expect(await shown()).toEqual([]);
    expect((await call(app, 'PATCH', `/api/recurring-offers/${seriesId}`, bakery, { Status: 'Active' })).statusCode).toBe(200);
    expect(await shown()).toHaveLength(1);
    expect((await call(app, 'PATCH', `/api/recurring-offers/${seriesId}`, bakery, { Status: 'Stopped' })).statusCode).toBe(200);
    expect(await shown()).toEqual([]);
  });

  it('changes an offer\'s weekdays and end after it was made; the days already listed stay', async () => {
    now = new Date('2027-06-02T12:00:00Z'); // Wednesday
    const { seriesId } = await offer({
      FoodName: 'Buns from Bäckerei Sonne',
      ExpiredDateTime: '2027-06-02',
      TimeZone: 'Europe/Berlin',
      PickupWindows: [{ Start: '2027-06-02T18:30:00+02:00', End: '2027-06-02T19:00:00+02:00' }],
      Recurrence: { Weekdays: [1, 2, 3, 4, 5] },
    });
    expect(await sweepBoth()).toBe(5); // Thu 3, Fri 4, Mon 7, Tue 8, Wed 9
    const before = (await ofSeries(seriesId)).map((f) => f.ExpiredDateTime);

    const patch = (who: Person, body: unknown) => call(app, 'PATCH', `/api/recurring-offers/${seriesId}`, who, body);
    expect((await patch(other, { Weekdays: [6] })).statusCode).toBe(404);
    for (const bad of [{}, { Weekdays: [] }, { Weekdays: [8] }, { Weekdays: [6, 6] }, { Until: 'June' }, { Weekdays: [6], Colour: 'red' }]) {
      expect((await patch(bakery, bad)).statusCode).toBe(400);
    }
    const early = await patch(bakery, { Until: '2027-06-01' });
    expect(early.statusCode).toBe(400);
    expect(JSON.stringify(early.json().errors)).toContain('Until');

    expect((await patch(bakery, { Weekdays: [6, 3], Until: '2027-06-19' })).json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await patch(bakery, { Weekdays: [3, 6] })).json().modifiedCount).toBe(0);
    const listed = (await call(app, 'GET', '/api/recurring-offers', bakery)).json().find((o: { _id: string }) => o._id === seriesId);
    expect(listed).toMatchObject({ Weekdays: [3, 6], Until: '2027-06-19', Status: 'Active' });

    // A week on: only Wednesdays and Saturdays up to the 19th are added; the days made before all stay.
    now = new Date('2027-06-09T12:00:00Z');
    await sweepBoth();
    const after = (await ofSeries(seriesId)).map((f) => f.ExpiredDateTime);
    expect(after.slice(0, before.length)).toEqual(before);
    expect(after.slice(before.length)).toEqual(['2027-06-12', '2027-06-16']);
    // No end any more: the next sweeps go on past the 19th.
    expect((await patch(bakery, { Until: null })).json().modifiedCount).toBe(1);
    expect((await call(app, 'GET', '/api/recurring-offers', bakery)).json().find((o: { _id: string }) => o._id === seriesId).Until).toBeUndefined();
    expect((await patch(bakery, { Status: 'Stopped' })).json().modifiedCount).toBe(1);
    expect((await patch(bakery, { Weekdays: [1] })).statusCode).toBe(409);
  });

  it("checks Until on POST, PUT and PATCH alike: not before the offer's first day, nor before today in its zone", async () => {
    // 23:30 UTC on Wednesday 2 June: already Thursday 3 June in Berlin, still Wednesday in New York.
    now = new Date('2027-06-02T23:30:00Z');
    // A 400 naming the field, with the field code a translated interface words ("too small").
    const refused = async (res: { statusCode: number; json(): { errors?: { field: string; code?: string }[] } }, field: string) => {
      expect(res.statusCode).toBe(400);
      expect(res.json().errors).toEqual([expect.objectContaining({ field, code: 'too_small' })]);
    };
    const berlin = { FoodName: 'Rye from Bäckerei Sonne', ExpiredDateTime: '2027-06-05', TimeZone: 'Europe/Berlin' };
    const windows = (day: string) => [{ Start: `${day}T18:30:00+02:00`, End: `${day}T19:00:00+02:00` }];
    const post = (body: Record<string, unknown>) => call(app, 'POST', '/api/foods', bakery, foodBody({ ...berlin, ...body }));
    // Before the listing's own day (its first window's, else its expiry date).
    await refused(await post({ PickupWindows: windows('2027-06-04'), Recurrence: { Weekdays: [4, 5], Until: '2027-06-03' } }), 'Recurrence.Until');
    await refused(await post({ Recurrence: { Weekdays: [4, 5], Until: '2027-06-04' } }), 'Recurrence.Until');
    // Before today in the listing's zone: the 2nd has passed in Berlin, not in New York.
    await refused(await post({ PickupWindows: windows('2027-06-02'), Recurrence: { Weekdays: [3], Until: '2027-06-02' } }), 'Recurrence.Until');
    const ny = await post({
      TimeZone: 'America/New_York',
      PickupWindows: [{ Start: '2027-06-02T18:30:00-04:00', End: '2027-06-02T19:00:00-04:00' }],
      Recurrence: { Weekdays: [3], Until: '2027-06-02' },
    });
    expect(ny.statusCode, ny.body).toBe(201);

    // PUT: one of an offer's listings changes its end under the same rule; a one-off becomes an offer under it too.
    const { id, seriesId } = await offer({ ...berlin, PickupWindows: windows('2027-06-03'), Recurrence: { Weekdays: [4, 5] } });
    const put = (foodId: string, body: Record<string, unknown>) =>
      call(app, 'PUT', `/api/foods/${foodId}`, bakery, foodBody({ ...berlin, PickupWindows: windows('2027-06-03'), ...body }));
    await refused(await put(id, { Recurrence: { Weekdays: [4, 5], Until: '2027-06-02' } }), 'Recurrence.Until');
    expect((await put(id, { Recurrence: { Weekdays: [4, 5], Until: '2027-06-03' } })).json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const mine = async () => (await call(app, 'GET', '/api/recurring-offers', bakery)).json().find((o: { _id: string }) => o._id === seriesId);
    expect(await mine()).toMatchObject({ Until: '2027-06-03', Weekdays: [4, 5] });
    const oneOff = (await call(app, 'POST', '/api/foods', bakery, foodBody({ ...berlin, PickupWindows: windows('2027-06-04') }))).json().insertedId as string;
    await refused(await put(oneOff, { PickupWindows: windows('2027-06-04'), Recurrence: { Weekdays: [5], Until: '2027-06-03' } }), 'Recurrence.Until');
    expect((await call(app, 'GET', `/api/foods/${oneOff}`, bakery)).json().SeriesId).toBeUndefined();

    // PATCH answers the same; a stopped offer is final on PUT as on PATCH.
    await refused(await call(app, 'PATCH', `/api/recurring-offers/${seriesId}`, bakery, { Until: '2027-06-02' }), 'Until');
    expect((await call(app, 'PATCH', `/api/recurring-offers/${seriesId}`, bakery, { Status: 'Stopped' })).json().modifiedCount).toBe(1);
    const stopped = await put(id, { Recurrence: { Weekdays: [4, 5], Until: '2027-06-30' } });
    expect(stopped.statusCode).toBe(409);
    expect(stopped.json().code).toBe('offer_stopped');
    expect(await mine()).toMatchObject({ Until: '2027-06-03', Status: 'Stopped' });
  });

  it('refuses bad recurrences with a 400 naming the field', async () => {
    for (const Recurrence of [{ Weekdays: [] }, { Weekdays: [0] }, { Weekdays: [1, 1] }, { Weekdays: [1], Until: 'soon' }, { Days: [1] }]) {
      const res = await call(app, 'POST', '/api/foods', bakery, foodBody({ Recurrence }));
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json().errors)).toContain('Recurrence');
    }
  });
});
