// Who sees a listing's exact point, and place names resolved on the
// server: the offline gazetteer, and a Photon-compatible GEOCODER_URL (here a local fake)
// used at most once per second for the whole instance, with a User-Agent and a cache.
import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

const DOOR = { Lat: 45.7578, Lng: 4.832 };

describe.each(BACKENDS)('exact point visibility on %s', (backend) => {
  let t: TestApp;
  let donor: Person, stranger: Person, accepted: Person, declined: Person;
  let foodId: string;

  beforeAll(async () => {
    t = await startApp(backend);
    donor = await signUp(t.app, 'Donor');
    stranger = await signUp(t.app, 'Stranger');
    accepted = await signUp(t.app, 'Accepted');
    declined = await signUp(t.app, 'Declined');
    foodId = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ Location: DOOR }))).json().insertedId;
    const yes = (await call(t.app, 'POST', '/api/requests', accepted, { FoodId: foodId })).json().insertedId;
    const no = (await call(t.app, 'POST', '/api/requests', declined, { FoodId: foodId })).json().insertedId;
    // The donor declines one requester and accepts the other (the listing lifecycle, SPEC.md §5).
    expect((await call(t.app, 'PATCH', `/api/requests/${no}`, donor, { Status: 'Declined' })).statusCode).toBe(200);
    expect((await call(t.app, 'PATCH', `/api/requests/${yes}`, donor, { Status: 'Accepted' })).statusCode).toBe(200);
  }, 60_000);
  afterAll(() => t?.close());

  const viewers: [string, boolean, () => Person | null][] = [
    ['anonymous', true, () => null],
    ['a signed-in stranger', true, () => stranger],
    ['the donor', false, () => donor],
    ['the accepted requester', false, () => accepted],
    ['the declined requester', true, () => declined],
  ];
  it.each(viewers)('%s gets Approximate: %s on the detail and in the lists', async (_who, approximate, who) => {
    const detail = (await call(t.app, 'GET', `/api/foods/${foodId}`, who())).json().Location;
    const listed = (await call(t.app, 'GET', '/api/foods?sortByDate=dec', who())).json()[0].Location;
    const near = (await call(t.app, 'GET', `/api/foods?near=${DOOR.Lat},${DOOR.Lng}&radiusKm=2`, who())).json()[0].Location;
    for (const location of [detail, listed, near]) {
      expect(location.Approximate).toBe(approximate);
      if (approximate) expect(location).not.toMatchObject({ Lat: DOOR.Lat, Lng: DOOR.Lng });
      else expect(location).toEqual({ ...DOOR, Approximate: false });
    }
  });
});

describe.each(BACKENDS)('place names from the offline gazetteer on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(() => t?.close());

  it('finds towns by name, most populous first, accents ignored, at most 10', async () => {
    const res = await call(t.app, 'GET', '/api/places?q=zurich');
    expect(res.statusCode).toBe(200);
    const places = res.json();
    expect(places[0]).toMatchObject({ Name: 'Zürich', Country: 'Switzerland' });
    expect(places[0].Lat).toBeCloseTo(47.37, 1);
    expect(places[0].Lng).toBeCloseTo(8.55, 1);
    expect((await call(t.app, 'GET', '/api/places?q=san')).json()).toHaveLength(10);
  });

  it('names the nearest town to a point', async () => {
    const res = await call(t.app, 'GET', `/api/places/reverse?lat=${DOOR.Lat}&lng=${DOOR.Lng}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ Name: 'Lyon', Country: 'France' });
  });

  it.each([
    ['/api/places?q=ab', 'q'],
    ['/api/places', 'q'],
    ['/api/places/reverse?lat=95&lng=0', 'lat'],
    ['/api/places/reverse?lat=10&lng=abc', 'lng'],
  ])('refuses %s with a 400 problem naming %s', async (url, field) => {
    const res = await call(t.app, 'GET', url);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('limits lookups per address: 429 with Retry-After past 60 a minute', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 61; i++) statuses.push((await t.app.inject({ url: '/api/places?q=lyon', remoteAddress: '192.0.2.7' })).statusCode);
    expect(statuses.slice(0, 60).every((s) => s === 200)).toBe(true);
    const refused = await t.app.inject({ url: '/api/places?q=lyon', remoteAddress: '192.0.2.7' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await t.app.inject({ url: '/api/places?q=lyon', remoteAddress: '192.0.2.8' })).statusCode).toBe(200);
  });
});

const FAKE_PHOTON = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../support/fake-photon.mjs');

describe.each(BACKENDS)('GEOCODER_URL (a local fake Photon) on %s', (backend) => {
  let t: TestApp;
  let photon: ChildProcess;
  let base: string;
  const log = async () => (await (await fetch(`${base}/log`)).json()) as { url: string; at: number; userAgent?: string }[];

  beforeAll(async () => {
    photon = spawn(process.execPath, [FAKE_PHOTON], { stdio: ['ignore', 'pipe', 'inherit'] });
    const [port] = (await once(photon.stdout!, 'data')) as [Buffer];
    base = `http://127.0.0.1:${String(port).trim()}`;
    t = await startApp(backend, { GEOCODER_URL: base, PUBLIC_URL: 'https://plateful.example' });
  });
  afterAll(async () => {
    await t?.close();
    photon?.kill();
  });

  it('asks the service at most once a second for the whole instance, names the instance, and caches', async () => {
    const answers = await Promise.all(['alpha', 'bravo', 'charlie'].map((q) => call(t.app, 'GET', `/api/places?q=${q}`)));
    expect(answers.map((a) => a.json()[0].Name)).toEqual(['Fake alpha', 'Fake bravo', 'Fake charlie']);
    expect(answers[0]!.json()[0]).toEqual({ Name: 'Fake alpha', Region: 'Île-de-France', Country: 'France', Lat: 48.85, Lng: 2.35 });
    let seen = await log();
    expect(seen).toHaveLength(3);
    const times = seen.map((s) => s.at).sort((a, b) => a - b);
    expect(times[1]! - times[0]!).toBeGreaterThanOrEqual(1000);
    expect(times[2]! - times[1]!).toBeGreaterThanOrEqual(1000);
    expect(seen.every((s) => s.userAgent === 'Plateful (https://plateful.example)')).toBe(true);

    const again = await call(t.app, 'GET', '/api/places?q=Alpha');
    expect(again.json()[0].Name).toBe('Fake alpha');
    expect(await log()).toHaveLength(3);

    const reverse = await call(t.app, 'GET', '/api/places/reverse?lat=48.85&lng=2.35');
    expect(reverse.json().Name).toBe('Fake Reverse Town');
    seen = await log();
    expect(seen.at(-1)!.url).toMatch(/^\/reverse\?lat=48\.85&lon=2\.35/);
  }, 20_000);

  it('answers from the gazetteer when the service cannot be reached', async () => {
    photon.kill();
    await once(photon, 'exit');
    const res = await call(t.app, 'GET', '/api/places?q=lyon');
    expect(res.statusCode).toBe(200);
    expect(res.json()[0]).toMatchObject({ Name: 'Lyon', Country: 'France' });
  }, 20_000);
});
