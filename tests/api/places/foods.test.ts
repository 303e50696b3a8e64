// Listings' points (blurred once, exact only for the donor and the
// accepted requester) and the `near` search of GET /api/foods, on both backends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

/** Great-circle distance in km by the haversine formula, on earthdistance's sphere (radius 6378.168 km). */
function haversineKm(a: { Lat: number; Lng: number }, b: { Lat: number; Lng: number }, radiusKm = 6378.168): number {
  const rad = (d: number) => (d * Math.PI) / 180;
  const h = Math.sin(rad(b.Lat - a.Lat) / 2) ** 2 + Math.cos(rad(a.Lat)) * Math.cos(rad(b.Lat)) * Math.sin(rad(b.Lng - a.Lng) / 2) ** 2;
  return 2 * radiusKm * Math.asin(Math.sqrt(h));
}

/** Known points around Berlin's Alexanderplatz (52.5219, 13.4132), a few to 60 km away. */
const FIXTURE = [
  { name: 'Alexanderplatz Apples', Lat: 52.5219, Lng: 13.4132 },
  { name: 'Kreuzberg Bread', Lat: 52.4986, Lng: 13.4031 },
  { name: 'Prenzlauer Pears', Lat: 52.5388, Lng: 13.4244 },
  { name: 'Charlottenburg Cheese', Lat: 52.5167, Lng: 13.3041 },
  { name: 'Potsdam Plums', Lat: 52.3906, Lng: 13.0645 },
  { name: 'Frankfurt Oder Onions', Lat: 52.3471, Lng: 14.5506 },
];
const CENTRE = { Lat: 52.5219, Lng: 13.4132 };

describe.each(BACKENDS)('places on listings on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let stranger: Person;
  const ids = new Map<string, string>();

  beforeAll(async () => {
    t = await startApp(backend);
    donor = await signUp(t.app, 'Dana Donor');
    stranger = await signUp(t.app, 'Sam Stranger');
    for (const f of FIXTURE) {
      const res = await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: f.name, Location: { Lat: f.Lat, Lng: f.Lng } }));
      expect(res.statusCode).toBe(201);
      ids.set(f.name, res.json().insertedId);
    }
    await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Nowhere Noodles' }));
  }, 60_000);
  afterAll(() => t?.close());

  const get = (url: string, who?: Person) => call(t.app, 'GET', url, who);

  it('answers the public point, 200–500 m from the door (never within 150 m), identical on every read', async () => {
    for (const f of FIXTURE) {
      const id = ids.get(f.name)!;
      const reads = await Promise.all([get(`/api/foods/${id}`), get(`/api/foods/${id}`, stranger), get(`/api/foods/${id}`)]);
      const locations = reads.map((r) => r.json().Location);
      expect(locations[0].Approximate).toBe(true);
      expect(locations[1]).toEqual(locations[0]);
      expect(locations[2]).toEqual(locations[0]);
      const metres = haversineKm(f, locations[0], 6371.0088) * 1000;
      expect(metres).toBeGreaterThan(150);
      expect(metres).toBeGreaterThanOrEqual(199);
      expect(metres).toBeLessThanOrEqual(501);
      const list = (await get('/api/foods?sortByDate=dec')).json().find((x: { _id: string }) => x._id === id);
      expect(list.Location).toEqual(locations[0]);
    }
  });

  it('shows the donor the exact point, in the list, the detail and their own listings', async () => {
    const id = ids.get('Kreuzberg Bread')!;
    const exact = { Lat: 52.4986, Lng: 13.4031, Approximate: false };
    expect((await get(`/api/foods/${id}`, donor)).json().Location).toEqual(exact);
    expect((await get('/api/foods?sortByDate=dec', donor)).json().find((x: { _id: string }) => x._id === id).Location).toEqual(exact);
    const own = (await get(`/api/foods?email=${encodeURIComponent(donor.email)}`, donor)).json();
    expect(own.find((x: { _id: string }) => x._id === id).Location).toEqual(exact);
  });

  it('filters to the radius and orders by distance, against a hand-computed haversine', async () => {
    const res = await get(`/api/foods?sortByDate=dec&near=${CENTRE.Lat},${CENTRE.Lng}&radiusKm=10&sortByDistance=true`);
    expect(res.statusCode).toBe(200);
    const foods = res.json() as { FoodName: string; DistanceKm: number; Location: { Lat: number; Lng: number } }[];
    const all = (await get('/api/foods?sortByDate=dec')).json() as typeof foods;
    const expected = all
      .filter((f) => f.Location && haversineKm(CENTRE, f.Location) <= 10)
      .sort((a, b) => haversineKm(CENTRE, a.Location) - haversineKm(CENTRE, b.Location))
      .map((f) => f.FoodName);
    expect(foods.map((f) => f.FoodName)).toEqual(expected);
    expect(expected.length).toBeGreaterThanOrEqual(3);
    for (const f of foods) {
      expect(Math.abs(f.DistanceKm - haversineKm(CENTRE, f.Location))).toBeLessThanOrEqual(0.051);
      expect(Math.round(f.DistanceKm * 10)).toBe(f.DistanceKm * 10);
    }
    // A wider radius reaches Potsdam (about 26 km) but not Frankfurt (Oder) (about 77 km).
    const wide = (await get(`/api/foods?near=${CENTRE.Lat},${CENTRE.Lng}&radiusKm=50&sortByDistance=true`)).json();
    expect(wide.map((f: { FoodName: string }) => f.FoodName)).toContain('Potsdam Plums');
    expect(wide.map((f: { FoodName: string }) => f.FoodName)).not.toContain('Frankfurt Oder Onions');
    expect(wide.map((f: { FoodName: string }) => f.FoodName)).not.toContain('Nowhere Noodles');
  });

  it('keeps the date order with near alone, and pages by distance with cursors', async () => {
    const byDate = (await get(`/api/foods?sortByDate=acc&near=${CENTRE.Lat},${CENTRE.Lng}&radiusKm=50`)).json();
    expect(byDate.length).toBeGreaterThanOrEqual(5);
    expect(byDate.every((f: { DistanceKm?: number }) => typeof f.DistanceKm === 'number')).toBe(true);
    const whole = (await get(`/api/foods?near=${CENTRE.Lat},${CENTRE.Lng}&radiusKm=50&sortByDistance=true`)).json();
    const seen: string[] = [];
    let url: string | undefined = `/api/foods?near=${CENTRE.Lat},${CENTRE.Lng}&radiusKm=50&sortByDistance=true&limit=2`;
    while (url) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      seen.push(...res.json().map((f: { _id: string }) => f._id));
      const next = res.headers['x-next-cursor'] as string | undefined;
      url = next ? `/api/foods?near=${CENTRE.Lat},${CENTRE.Lng}&radiusKm=50&sortByDistance=true&limit=2&cursor=${encodeURIComponent(next)}` : undefined;
    }
    expect(seen).toEqual(whole.map((f: { _id: string }) => f._id));
  });

  it('answers exactly as before without near: no DistanceKm, listings without a point have no Location', async () => {
    const list = (await get('/api/foods?sortByDate=dec')).json();
    expect(list.some((f: object) => 'DistanceKm' in f)).toBe(false);
    expect(list.find((f: { FoodName: string }) => f.FoodName === 'Nowhere Noodles')).not.toHaveProperty('Location');
  });

  it.each([
    ['near=91,0', 'near'],
    ['near=abc', 'near'],
    ['near=52.5,13.4&radiusKm=0', 'radiusKm'],
    ['near=52.5,13.4&radiusKm=51', 'radiusKm'],
    ['radiusKm=5', 'radiusKm'],
    ['sortByDistance=true', 'sortByDistance'],
    ['near=52.5,13.4&sortByDistance=true&cursor=2030-01-01_00000000-0000-4000-8000-000000000000', 'cursor'],
  ])('refuses %s with a 400 problem naming %s', async (query, field) => {
    const res = await get(`/api/foods?${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it.each([
    [{ Lat: 91, Lng: 0 }, 'Location.Lat'],
    [{ Lat: 0, Lng: -181 }, 'Location.Lng'],
    [{ Lat: '52', Lng: 13 }, 'Location.Lat'],
    [{ Lat: 52 }, 'Location.Lng'],
  ])('refuses Location %j with a 400 problem naming %s', async (location, field) => {
    const res = await call(t.app, 'POST', '/api/foods', donor, foodBody({ Location: location }));
    expect(res.statusCode).toBe(400);
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });

  it('PUT keeps the point when Location is absent or the same, blurs a moved point anew, and null removes it', async () => {
    const id = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ Location: { Lat: 48.1, Lng: 11.6 } }))).json().insertedId;
    const publicPoint = async () => (await get(`/api/foods/${id}`)).json().Location;
    const first = await publicPoint();
    const absent = await call(t.app, 'PUT', `/api/foods/${id}`, donor, foodBody());
    expect(absent.json().modifiedCount).toBe(0);
    const same = await call(t.app, 'PUT', `/api/foods/${id}`, donor, foodBody({ Location: { Lat: 48.1, Lng: 11.6 } }));
    expect(same.json().modifiedCount).toBe(0);
    expect(await publicPoint()).toEqual(first);
    const moved = await call(t.app, 'PUT', `/api/foods/${id}`, donor, foodBody({ Location: { Lat: 48.2, Lng: 11.6 } }));
    expect(moved.json().modifiedCount).toBe(1);
    expect(haversineKm({ Lat: 48.2, Lng: 11.6 }, await publicPoint())).toBeLessThan(0.51);
    await call(t.app, 'PUT', `/api/foods/${id}`, donor, foodBody({ Location: null }));
    expect(await publicPoint()).toBeUndefined();
  });
});
