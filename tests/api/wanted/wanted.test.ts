// Wanted posts: a signed-in person posts what they need, everyone reads the open posts near
// a place with the poster's point blurred as a listing's, the post leaves the list when it
// expires, only the poster (or a moderator) deletes it, and it shares the listings' daily limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, startApp, type TestApp } from '../harness.js';
import { person, SAFETY_ENV, signUpModerator } from '../moderation/support.js';
import { LYON, post, titles, wantedBody } from './support.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const metresBetween = (a: { Lat: number; Lng: number }, b: { Lat: number; Lng: number }) => {
  const rad = Math.PI / 180;
  const x = (b.Lng - a.Lng) * rad * Math.cos(((a.Lat + b.Lat) / 2) * rad);
  return Math.hypot(x, (b.Lat - a.Lat) * rad) * 6_371_000;
};

describe.each(BACKENDS)('Wanted posts on %s', (backend) => {
  let t: TestApp;
  let offset = 0;

  beforeAll(async () => {
    t = await startApp(backend, SAFETY_ENV, { clock: () => new Date(Date.now() + offset) });
  });
  afterAll(() => t.close());

  it('posts a Wanted post and shows it to everyone with a blurred place, the exact one to its poster only', async () => {
    const poster = await person(t.app, 'Paula Poster');
    const id = await post(t.app, poster, { Title: 'Rice, a big bag' });
    const anonymous = (await call(t.app, 'GET', `/api/wanted/${id}`)).json();
    expect(anonymous).toMatchObject({ _id: id, Title: 'Rice, a big bag', Details: 'For a six-month-old.', RadiusKm: 3, Open: true, Poster: { Name: 'Paula Poster' }, Answers: [] });
    expect(anonymous.Location.Approximate).toBe(true);
    const off = metresBetween(LYON, anonymous.Location);
    expect(off).toBeGreaterThan(150);
    expect(off).toBeLessThan(600);
    const other = (await call(t.app, 'GET', `/api/wanted/${id}`, await person(t.app, 'Otto'))).json();
    expect(other.Location).toEqual(anonymous.Location);
    const listed = (await call(t.app, 'GET', '/api/wanted')).json() as { _id: string; Location: unknown }[];
    expect(listed.find((w) => w._id === id)!.Location).toEqual(anonymous.Location);
    const own = (await call(t.app, 'GET', `/api/wanted/${id}`, poster)).json();
    expect(own.Location).toEqual({ ...LYON, Approximate: false });
  });

  it('lists only the posts near a place, with their distance', async () => {
    const poster = await person(t.app, 'Nadia Near');
    await post(t.app, poster, { Title: 'Lentils in Lyon' });
    await post(t.app, poster, { Title: 'Lentils in Paris', Location: { Lat: 48.8566, Lng: 2.3522 } });
    const near = (await call(t.app, 'GET', `/api/wanted?near=${LYON.Lat},${LYON.Lng}&radiusKm=5`)).json() as { Title: string; DistanceKm: number }[];
    expect(near.map((w) => w.Title)).toContain('Lentils in Lyon');
    expect(near.map((w) => w.Title)).not.toContain('Lentils in Paris');
    expect(near.every((w) => w.DistanceKm < 5)).toBe(true);
  });

  it('pages the list with X-Next-Cursor, newest first', async () => {
    const poster = await person(t.app, 'Pia Pager');
    const at = '48.1,11.5';
    for (const n of [1, 2, 3]) await post(t.app, poster, { Title: `Munich jar ${n}`, Location: { Lat: 48.1, Lng: 11.5 } });
    const first = await call(t.app, 'GET', `/api/wanted?near=${at}&radiusKm=2&limit=2`);
    expect(first.json().map((w: { Title: string }) => w.Title)).toEqual(['Munich jar 3', 'Munich jar 2']);
    const cursor = first.headers['x-next-cursor'] as string;
    expect(first.headers.link).toContain('rel="next"');
    const second = await call(t.app, 'GET', `/api/wanted?near=${at}&radiusKm=2&limit=2&cursor=${cursor}`);
    expect(second.json().map((w: { Title: string }) => w.Title)).toEqual(['Munich jar 1']);
    expect(second.headers['x-next-cursor']).toBeUndefined();
  });

  it('closes a post at its expiry: it leaves the list, its page says it is closed, its poster still finds it under mine', async () => {
    const poster = await person(t.app, 'Eva Expiring');
    const id = await post(t.app, poster, { Title: 'Flour before Friday', ExpiresAt: new Date(Date.now() + offset + 2 * DAY_MS).toISOString() });
    expect(await titles(t.app, null)).toContain('Flour before Friday');
    offset += 3 * DAY_MS;
    expect(await titles(t.app, null)).not.toContain('Flour before Friday');
    expect((await call(t.app, 'GET', `/api/wanted/${id}`)).json().Open).toBe(false);
    expect(await titles(t.app, poster, '/api/wanted?mine=true')).toContain('Flour before Friday');
    // Without ExpiresAt a post stays open 14 days.
    const lasting = await post(t.app, poster, { Title: 'Oats' });
    const expires = Date.parse((await call(t.app, 'GET', `/api/wanted/${lasting}`)).json().ExpiresAt);
    expect(Math.round((expires - (Date.now() + offset)) / DAY_MS)).toBe(14);
  });

  it('refuses bad bodies and queries with 400 problems naming the field', async () => {
    const poster = await person(t.app, 'Vic Validation');
    const cases: [Record<string, unknown>, string][] = [
      [wantedBody({ Title: '' }), 'Title'],
      [wantedBody({ Title: 'x'.repeat(121) }), 'Title'],
      [wantedBody({ RadiusKm: 0 }), 'RadiusKm'],
      [wantedBody({ RadiusKm: 51 }), 'RadiusKm'],
      [wantedBody({ Location: { Lat: 91, Lng: 0 } }), 'Location.Lat'],
      [wantedBody({ Location: undefined }), 'Location'],
      [wantedBody({ ExpiresAt: 'soon' }), 'ExpiresAt'],
      [wantedBody({ ExpiresAt: new Date(Date.now() + offset - 1000).toISOString() }), 'ExpiresAt'],
      [wantedBody({ ExpiresAt: new Date(Date.now() + offset + 31 * DAY_MS).toISOString() }), 'ExpiresAt'],
      [wantedBody({ Extra: 1 }), ''],
    ];
    for (const [body, field] of cases) {
      const res = await call(t.app, 'POST', '/api/wanted', poster, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
      expect(res.json().code).toBe('validation_failed');
      if (field) expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
    }
    expect((await call(t.app, 'GET', '/api/wanted?radiusKm=3')).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/wanted?near=100,0')).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/wanted?cursor=nope')).statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/api/wanted', null, wantedBody())).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/wanted?mine=true')).statusCode).toBe(401);
  });

  it('answers 404 for unknown posts and 400 for ids that are not UUIDs', async () => {
    const who = await person(t.app, 'Uma Unknown');
    const unknown = '00000000-0000-4000-8000-000000000000';
    for (const [method, url] of [
      ['GET', `/api/wanted/${unknown}`],
      ['DELETE', `/api/wanted/${unknown}`],
    ] as const) {
      const res = await call(t.app, method, url, who);
      expect(res.statusCode).toBe(404);
      expect(res.json().code).toBeTruthy();
    }
    expect((await call(t.app, 'POST', `/api/wanted/${unknown}/answers`, who, { FoodId: unknown })).statusCode).toBe(404);
    expect((await call(t.app, 'GET', '/api/wanted/not-a-uuid')).statusCode).toBe(400);
  });

  it('lets the poster and a moderator delete a post, and nobody else', async () => {
    const poster = await person(t.app, 'Dan Deleter');
    const stranger = await person(t.app, 'Sam Stranger');
    const mod = await signUpModerator(t.app, 'Mo Moderator');
    const mine = await post(t.app, poster, { Title: 'Eggs to delete' });
    const res = await call(t.app, 'DELETE', `/api/wanted/${mine}`, stranger);
    expect(res.statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/wanted/${mine}`, poster)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await call(t.app, 'GET', `/api/wanted/${mine}`)).statusCode).toBe(404);
    const second = await post(t.app, poster, { Title: 'Eggs for the moderator' });
    expect((await call(t.app, 'DELETE', `/api/wanted/${second}`, mod)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
  });

  it('counts posts against the daily limit of listings: 30 listings and posts a day together', async () => {
    const busy = await person(t.app, 'Bea Busy');
    for (let i = 0; i < 20; i += 1) expect((await call(t.app, 'POST', '/api/foods', busy, foodBody({ FoodName: `Loaf ${i}` }))).statusCode).toBe(201);
    for (let i = 0; i < 10; i += 1) await post(t.app, busy, { Title: `Need ${i}` });
    const over = await call(t.app, 'POST', '/api/wanted', busy, wantedBody());
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers['retry-after'])).toBeGreaterThan(0);
    expect((await call(t.app, 'POST', '/api/foods', busy, foodBody())).statusCode).toBe(429);
  });
});
