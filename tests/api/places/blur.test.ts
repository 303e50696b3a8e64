// A donor's public points cannot be averaged back to their door: every listing and
// every edit of one donor at one place answers the same public point (20 listings and
// 16 edits nudged within the pin's 100 m cell: one point), 200–500 m from the door, so
// averaging them lands on that point, and fitting the 200–500 m ring to one point is a
// blind guess of the direction. A pin nudged across a cell edge moves its point by exactly one cell.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CELL_METRES, destination, gridCell } from '../../../src/server/places/blur.js';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

type Point = { lat: number; lng: number };
const R = 6_371_008.8;
const rad = (d: number) => (d * Math.PI) / 180;

/** Great-circle metres between two points. */
function metres(a: Point, b: Point): number {
  const h = Math.sin(rad(b.lat - a.lat) / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(rad(b.lng - a.lng) / 2) ** 2;
  return 2 * R * Math.asin(Math.sqrt(h));
}

/** The attacker's average of every point they read. */
function centroid(points: Point[]): Point {
  return { lat: points.reduce((s, p) => s + p.lat, 0) / points.length, lng: points.reduce((s, p) => s + p.lng, 0) / points.length };
}

describe.each(BACKENDS)("one donor's public point per place on %s", (backend) => {
  let t: TestApp;
  let donor: Person;

  beforeAll(async () => {
    t = await startApp(backend);
    donor = await signUp(t.app, 'Dora Door');
  });
  afterAll(() => t?.close());

  const publicOf = async (id: string): Promise<Point> => {
    const location = (await call(t.app, 'GET', `/api/foods/${id}`)).json().Location;
    expect(location.Approximate).toBe(true);
    return { lat: location.Lat, lng: location.Lng };
  };
  const at = (p: Point) => ({ Location: { Lat: p.lat, Lng: p.lng } });

  it('answers one public point for 20 listings and 16 nudged edits at one door, and their average is that point', async () => {
    const door = gridCell(45.7578, 4.832);
    // Pins as a map tap or a geocoder gives them: up to 35 m from the door, inside its cell.
    const nudged = (k: number) => destination(door.lat, door.lng, 5 + (k % 7) * 5, k * 47);
    const seen: Point[] = [];
    const ids: string[] = [];
    for (let k = 0; k < 20; k++) {
      const res = await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: `Door Dumplings ${k}`, ...at(nudged(k)) }));
      expect(res.statusCode, res.body).toBe(201);
      ids.push(res.json().insertedId);
      seen.push(await publicOf(res.json().insertedId));
    }
    for (let k = 0; k < 16; k++) {
      const res = await call(t.app, 'PUT', `/api/foods/${ids[0]}`, donor, foodBody({ FoodName: 'Door Dumplings 0', ...at(nudged(k + 20)) }));
      expect(res.statusCode, res.body).toBe(200);
      seen.push(await publicOf(ids[0]!));
    }
    const list = (await call(t.app, 'GET', '/api/foods?sortByDate=dec&limit=50')).json() as { _id: string; Location: { Lat: number; Lng: number } }[];
    seen.push(...list.filter((f) => ids.includes(f._id)).map((f) => ({ lat: f.Location.Lat, lng: f.Location.Lng })));

    expect(seen).toHaveLength(56);
    expect(new Set(seen.map((p) => `${p.lat},${p.lng}`)).size).toBe(1);
    const offBy = metres(door, seen[0]!);
    expect(offBy).toBeGreaterThanOrEqual(200);
    expect(offBy).toBeLessThanOrEqual(500);
    expect(metres(centroid(seen), seen[0]!)).toBeLessThan(1);
    // The donor still sees the exact pin.
    expect((await call(t.app, 'GET', `/api/foods/${ids[0]}`, donor)).json().Location).toMatchObject({ Approximate: false });
  });

  it('moves the public point by exactly one cell when a nudge crosses a cell edge, each 200–500 m from the door', async () => {
    const other = await signUp(t.app, 'Ed Edge');
    // A door on the edge between two cells of one region (rows 0 and 1 of its 10 × 10 cells).
    const base = gridCell(52.5219, 13.4132);
    const row0 = gridCell(destination(base.lat, base.lng, (base.row % 10) * CELL_METRES, 180).lat, base.lng);
    const door = destination(row0.lat, row0.lng, CELL_METRES / 2, 0);
    const points: Point[] = [];
    for (const [m, bearing] of [[10, 180], [10, 0]] as const) {
      const pin = destination(door.lat, door.lng, m, bearing);
      const id = (await call(t.app, 'POST', '/api/foods', other, foodBody({ FoodName: 'Edge Eggs', ...at(pin) }))).json().insertedId;
      points.push(await publicOf(id));
    }
    expect(metres(points[0]!, points[1]!)).toBeCloseTo(CELL_METRES, 0);
    for (const p of points) {
      expect(metres(door, p)).toBeGreaterThanOrEqual(200);
      expect(metres(door, p)).toBeLessThanOrEqual(500);
    }
  });
});
