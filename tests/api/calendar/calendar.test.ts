// Calendars (RFC 5545, docs/api.md "Calendars"): a pickup's .ics for its donor and
// requester only, parsed back with ical.js: the agreed instants, a stable UID, SEQUENCE
// raised on a change, METHOD:CANCEL on decline, cancellation and no-show; the exact point only for
// those who may see it; the personal feed behind a secret link, which rotates (old → 404).
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

const HOUR = 3_600_000;
const DOOR = { Lat: 52.520008, Lng: 13.404954 };

/** The calendar of an .ics text: its METHOD and its events (uid, sequence, start, end, status, location, geo). */
function parse(text: string) {
  const cal = new ICAL.Component(ICAL.parse(text));
  const events = cal.getAllSubcomponents('vevent').map((v) => {
    const e = new ICAL.Event(v);
    return {
      uid: e.uid,
      sequence: e.sequence,
      start: e.startDate.toJSDate().toISOString(),
      end: e.endDate.toJSDate().toISOString(),
      summary: e.summary,
      status: v.getFirstPropertyValue('status'),
      location: e.location,
      geo: v.getFirstPropertyValue('geo') as number[] | null,
    };
  });
  return { method: cal.getFirstPropertyValue('method'), events };
}

describe.each(BACKENDS)('calendars on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let ann: Person;
  let bob: Person;
  let stranger: Person;

  beforeAll(async () => {
    t = await startApp(backend, { PUBLIC_URL: 'http://plateful.test' });
    donor = await signUp(t.app, 'Bäckerei Sonne');
    ann = await signUp(t.app, 'Ann');
    bob = await signUp(t.app, 'Bob');
    stranger = await signUp(t.app, 'Stranger');
  });
  afterAll(() => t.close());

  const ics = async (id: string, who: Person | undefined) => {
    const res = await call(t.app, 'GET', `/api/requests/${id}/calendar.ics`, who);
    return { status: res.statusCode, type: String(res.headers['content-type']), cal: res.statusCode === 200 ? parse(res.body) : undefined };
  };
  const listing = async (name: string, start: number) => {
    const body = foodBody({ FoodName: name, Location: DOOR, TimeZone: 'Europe/Berlin', PickupWindows: [{ Start: new Date(start).toISOString(), End: new Date(start + HOUR / 2).toISOString(), Capacity: 5 }] });
    return (await call(t.app, 'POST', '/api/foods', donor, body)).json().insertedId as string;
  };
  const request = async (foodId: string, who: Person) => (await call(t.app, 'POST', '/api/requests', who, { FoodId: foodId })).json().insertedId as string;

  it('gives the donor and the accepted requester the pickup with a stable UID; nobody else gets it', async () => {
    const start = Math.floor(Date.now() / 60_000) * 60_000 + 5 * HOUR;
    const foodId = await listing('Bread rolls', start);
    const rid = await request(foodId, ann);
    expect((await ics(rid, ann)).status).toBe(409);
    const at = new Date(start + 10 * 60_000).toISOString();
    expect((await call(t.app, 'PATCH', `/api/requests/${rid}`, donor, { Status: 'Accepted', PickupAt: at })).statusCode).toBe(200);

    const mine = await ics(rid, ann);
    expect(mine.status).toBe(200);
    expect(mine.type).toContain('text/calendar');
    expect(mine.cal!.method).toBe('PUBLISH');
    expect(mine.cal!.events).toEqual([
      expect.objectContaining({
        uid: `${rid}@plateful.test`,
        sequence: 0,
        start: at,
        end: new Date(start + HOUR / 2).toISOString(),
        summary: 'Pick up Bread rolls from Bäckerei Sonne',
        status: 'CONFIRMED',
        location: '12 Elm Street',
      }),
    ]);
    // The accepted requester sees the exact point, as on the food's page.
    expect(mine.cal!.events[0]!.geo).toEqual([DOOR.Lat, DOOR.Lng]);
    const theirs = await ics(rid, donor);
    expect(theirs.cal!.events[0]).toMatchObject({ uid: `${rid}@plateful.test`, sequence: 0, summary: 'Hand over Bread rolls to Ann', start: at });
    expect(theirs.cal!.events[0]!.geo).toEqual([DOOR.Lat, DOOR.Lng]);

    for (const who of [stranger, bob]) expect((await ics(rid, who)).status).toBe(404);
    expect((await ics(rid, undefined)).status).toBe(401);
    expect((await ics('00000000-0000-4000-8000-000000000000', donor)).status).toBe(404);
  });

  it('raises SEQUENCE when the pickup changes, and a decline is a METHOD:CANCEL with the public point only', async () => {
    const start = Math.floor(Date.now() / 60_000) * 60_000 + 7 * HOUR;
    const foodId = await listing('Pretzels', start);
    const rid = await request(foodId, bob);
    await call(t.app, 'PATCH', `/api/requests/${rid}`, donor, { Status: 'Accepted', PickupAt: new Date(start).toISOString() });
    const first = (await ics(rid, bob)).cal!.events[0]!;
    expect((await ics(rid, bob)).cal!.events[0]!.sequence).toBe(first.sequence);
    // The donor moves the pickup point across the street: the same entry, a higher SEQUENCE.
    const put = await call(t.app, 'PUT', `/api/foods/${foodId}`, donor, foodBody({ FoodName: 'Pretzels', PickupLocation: '14 Elm Street', Location: { Lat: 52.5202, Lng: 13.4051 } }));
    expect(put.json().modifiedCount).toBe(1);
    const moved = (await ics(rid, bob)).cal!.events[0]!;
    expect(moved).toMatchObject({ uid: first.uid, sequence: first.sequence + 1, location: '14 Elm Street' });

    expect((await call(t.app, 'PATCH', `/api/requests/${rid}`, donor, { Status: 'Declined' })).statusCode).toBe(200);
    const cancel = (await ics(rid, bob)).cal!;
    expect(cancel.method).toBe('CANCEL');
    expect(cancel.events[0]).toMatchObject({ uid: first.uid, sequence: first.sequence + 2, status: 'CANCELLED' });
    // Declined, Bob no longer sees the exact point: the file gives the public one.
    expect(cancel.events[0]!.geo).not.toEqual([52.5202, 13.4051]);
    expect(cancel.events[0]!.location).toContain('approximate');
    expect((await ics(rid, donor)).cal!.method).toBe('CANCEL');
  });

  it("keeps the cancelled entry of a request its requester withdrew: METHOD:CANCEL for both, still nobody else's", async () => {
    const start = Math.floor(Date.now() / 60_000) * 60_000 + 9 * HOUR;
    const foodId = await listing('Croissants', start);
    const rid = await request(foodId, ann);
    await call(t.app, 'PATCH', `/api/requests/${rid}`, donor, { Status: 'Accepted', PickupAt: new Date(start).toISOString() });
    const before = (await ics(rid, ann)).cal!.events[0]!;
    expect((await call(t.app, 'DELETE', `/api/requests/${rid}`, ann)).statusCode).toBe(200);
    for (const who of [ann, donor]) {
      const after = (await ics(rid, who)).cal!;
      expect(after.method).toBe('CANCEL');
      expect(after.events[0]).toMatchObject({ uid: before.uid, sequence: before.sequence + 1, status: 'CANCELLED', start: before.start });
    }
    expect((await ics(rid, stranger)).status).toBe(404);
  });

  it('serves a personal feed behind a secret link without a session; rotating kills the old link at once', async () => {
    const link = await call(t.app, 'GET', '/api/account/calendar', ann);
    expect(link.statusCode).toBe(200);
    const url = link.json().Url as string;
    expect(url).toMatch(/^http:\/\/plateful\.test\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    expect((await call(t.app, 'GET', '/api/account/calendar', ann)).json().Url).toBe(url);
    const path = new URL(url).pathname;
    const feed = await t.app.inject({ method: 'GET', url: path });
    expect(feed.statusCode).toBe(200);
    expect(feed.headers['cache-control']).toContain('no-store');
    const events = parse(feed.body).events;
    expect(events.map((e) => e.summary)).toContain('Pick up Bread rolls from Bäckerei Sonne');
    expect(events.find((e) => e.summary.includes('Croissants'))?.status).toBe('CANCELLED');
    // Only Ann's own pickups: none of Bob's, and no exact point beyond what Ann may see.
    expect(events.some((e) => e.summary.includes('Pretzels'))).toBe(false);

    const strangerFeed = parse((await t.app.inject({ method: 'GET', url: new URL((await call(t.app, 'GET', '/api/account/calendar', stranger)).json().Url).pathname })).body);
    expect(strangerFeed.events).toEqual([]);

    const rotated = await call(t.app, 'POST', '/api/account/calendar/rotate', ann);
    expect(rotated.statusCode).toBe(200);
    expect(rotated.json().Url).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: new URL(rotated.json().Url).pathname })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: '/api/calendar/not-a-token.ics' })).statusCode).toBe(404);
  });
  it('a no-show is a METHOD:CANCEL too; once not accepted, neither file nor feed holds the exact point', async () => {
    const feedOf = async (who: Person) => {
      const url = new URL((await call(t.app, 'GET', '/api/account/calendar', who)).json().Url as string);
      return parse((await t.app.inject({ method: 'GET', url: url.pathname })).body).events;
    };
    const entryOf = async (who: Person, name: string) => (await feedOf(who)).find((e) => e.summary.includes(name));
    const start = Math.floor(Date.now() / 60_000) * 60_000 + 11 * HOUR;
    const foodId = await listing('Rye loaf', start);
    const rid = await request(foodId, bob);
    await call(t.app, 'PATCH', `/api/requests/${rid}`, donor, { Status: 'Accepted', PickupAt: new Date(start).toISOString() });
    // Accepted, Bob's feed has the exact point, as his file does.
    expect((await entryOf(bob, 'Rye loaf'))!.geo).toEqual([DOOR.Lat, DOOR.Lng]);
    const before = (await ics(rid, bob)).cal!.events[0]!;
    expect(before.geo).toEqual([DOOR.Lat, DOOR.Lng]);

    expect((await call(t.app, 'PATCH', `/api/requests/${rid}`, donor, { Status: 'NoShow' })).statusCode).toBe(200);
    for (const who of [bob, donor]) {
      const after = (await ics(rid, who)).cal!;
      expect(after.method).toBe('CANCEL');
      expect(after.events[0]).toMatchObject({ uid: before.uid, sequence: before.sequence + 1, status: 'CANCELLED', start: before.start });
    }
    const file = (await ics(rid, bob)).cal!.events[0]!;
    expect(file.geo).not.toEqual([DOOR.Lat, DOOR.Lng]);
    expect(file.location).toContain('approximate');
    const fed = (await entryOf(bob, 'Rye loaf'))!;
    expect(fed).toMatchObject({ uid: before.uid, status: 'CANCELLED' });
    expect(fed.geo).not.toEqual([DOOR.Lat, DOOR.Lng]);
    // The donor keeps the exact point; a stranger's feed has no entry of it at all.
    expect((await ics(rid, donor)).cal!.events[0]!.geo).toEqual([DOOR.Lat, DOOR.Lng]);
    expect(await entryOf(stranger, 'Rye loaf')).toBeUndefined();
    // Ann's withdrawn Croissants: her feed keeps the cancelled entry with the public point only.
    const croissants = (await entryOf(ann, 'Croissants'))!;
    expect(croissants.status).toBe('CANCELLED');
    expect(croissants.geo).not.toEqual([DOOR.Lat, DOOR.Lng]);
  });

  it("words files and feeds in the reader's language: their chosen one, else the request's Accept-Language", async () => {
    expect((await call(t.app, 'PUT', '/api/account/language', bob, { Language: 'de' })).statusCode).toBeLessThan(300);
    const mine = (await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(bob.email)}`, bob)).json() as { _id: string; FoodName: string }[];
    const rid = mine.find((r) => r.FoodName === 'Pretzels')!._id;
    const file = (await ics(rid, bob)).cal!.events[0]!;
    expect(file.summary).toBe('Pretzels bei Bäckerei Sonne abholen');
    expect(file.location).toBe('14 Elm Street (ungefähre Gegend)');
    const feedOf = async (who: Person, headers: Record<string, string> = {}) => {
      const url = new URL((await call(t.app, 'GET', '/api/account/calendar', who)).json().Url).pathname;
      return new ICAL.Component(ICAL.parse((await t.app.inject({ method: 'GET', url, headers })).body)).getFirstPropertyValue('x-wr-calname');
    };
    expect(await feedOf(bob, { 'accept-language': 'fr' })).toBe('Plateful-Abholungen');
    expect(await feedOf(stranger, { 'accept-language': 'fr-CA,fr;q=0.9' })).toBe('Retraits Plateful');
    expect(await feedOf(stranger)).toBe('Plateful pickups');
  });
});
