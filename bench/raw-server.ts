/**
 * The baseline of the API benchmark: the reads of Plateful's `GET /api/foods` (featured,
 * list by date, search, near by distance, with the pickup-time and category, diet and
 * allergen filters) and `GET /api/foods/{id}` for an anonymous
 * visitor, answered by a bare node:http server over node-postgres: no framework,
 * validation, session lookup, cache or security headers. What the hardware does with
 * this is the ceiling Plateful is compared against.
 *
 * The SQL is Plateful's own, taken once at start from the very builders the API runs
 * (`availableFoodsQuery` and `listQuery` of src/server/foods/lists.ts, `listingQuery`
 * of views.ts, through Drizzle's `toSQL()` on a database-less `drizzle.mock()`), so
 * the two cannot drift apart (a hand-copied SQL misses conditions such as the status and
 * visibility, and with them Plateful's partial indexes). Requests run it as
 * unnamed statements with the same values, read the extra row Plateful reads to know of
 * a next page, and answer the same fields. Env: `PORT`, `DATABASE_URL`.
 */
import { createServer } from 'node:http';
import { fillPlaceholders } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { FOODS_DEFAULT_LIMIT, type Allergen, type Category, type Diet } from '../src/contract/index.js';
import type { Database } from '../src/server/db/client.js';
import * as schema from '../src/server/db/schema/index.js';
import { availableFoodsQuery, listQuery, type FoodOrder, type ListOptions } from '../src/server/foods/lists.js';
import { chordToMetres } from '../src/server/foods/terms.js';
import { listingQuery, toWindows } from '../src/server/foods/views.js';

// Dates as Plateful answers them (`YYYY-MM-DD`), not as JavaScript Dates.
pg.types.setTypeParser(pg.types.builtins.DATE, (v) => v);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
const sqlOf = drizzle.mock({ schema }) as unknown as Database;

/** A statement's text and its placeholders in order, made once per shape. */
const statements = new Map<string, { sql: string; params: unknown[] }>();
function statement(key: string, make: () => { toSQL(): { sql: string; params: unknown[] } }) {
  let s = statements.get(key);
  if (!s) statements.set(key, (s = make().toSQL()));
  return s;
}
async function run(key: string, make: () => { toSQL(): { sql: string; params: unknown[] } }, values: Record<string, unknown>) {
  const s = statement(key, make);
  return (await pool.query<Row>({ text: s.sql, values: fillPlaceholders(s.params, values) })).rows;
}

type Row = Record<string, unknown>;
/** The server's zone, the answer's `TimeZone` of a listing without one (windows.ts `serverTimeZone`). */
const zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
/**
 * A row as Plateful answers it to an anonymous visitor (repository.ts `toFood`), with its
 * keys in the order Plateful's compiled serializer writes them (the schema's required
 * fields, then its optional ones that are present), so the two answers are the same bytes.
 */
const toFood = (r: Row, today: string) => ({
  _id: r.id,
  FoodName: r.name,
  FoodImage: r.image_url,
  FoodQuantity: r.quantity,
  PickupLocation: r.pickup_location,
  ExpiredDateTime: r.expires_on,
  AdditionalNotes: r.notes,
  Donator: { Name: r.donor_name, Image: r.donor_image, _id: r.donor_id },
  FoodStatus: r.status !== 'Collected' && r.status !== 'Expired' && String(r.expires_on) < today ? 'Expired' : r.status,
  PickupWindows: toWindows(r.windows as Parameters<typeof toWindows>[0]),
  TimeZone: r.time_zone ?? zone,
  Category: r.category,
  Diet: r.diet,
  // Stored in the answer's form and order (foods/facts.ts `factColumns`).
  Allergens: r.allergens,
  ...((r.gallery as string[]).length ? { FoodGallery: r.gallery } : {}),
  ...(r.public_lat === null ? {} : { Location: { Lat: r.public_lat, Lng: r.public_lng, Approximate: true } }),
  ...(r.chord_m === undefined ? {} : { DistanceKm: Math.round(chordToMetres(Number(r.chord_m)) / 100) / 10 }),
  ...(r.weight_kg === null ? {} : { FoodWeightKg: Number(r.weight_kg) }),
  ...(r.series_id ? { SeriesId: r.series_id } : {}),
});

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function answer(url: URL): Promise<unknown> {
  const day = today();
  const detail = /^\/api\/foods\/([0-9a-f-]{36})$/.exec(url.pathname);
  if (detail) {
    const [row] = await run('one', () => listingQuery(sqlOf, false), { id: detail[1] });
    // Held, hidden and banned donors' listings are unknown to a visitor (Plateful's canSeeFood).
    const withheld = row && (row.held_at || row.hidden_at || (row.donor_banned_until && (row.donor_banned_until as Date) > new Date()));
    return row && !withheld ? toFood(row, day) : undefined;
  }
  if (url.pathname !== '/api/foods') return undefined;
  const q = url.searchParams;
  const limit = Number(q.get('limit') ?? FOODS_DEFAULT_LIMIT);
  const point = q.get('near')?.split(',').map(Number);
  const near = point && { lat: point[0]!, lng: point[1]!, radiusKm: Number(q.get('radiusKm') ?? 10) };
  const order: FoodOrder = near && q.get('sortByDistance') ? 'distance' : q.get('sortByQuantity') ? 'quantity' : q.get('sortByDate') === 'acc' ? 'dateAsc' : 'dateDesc';
  const [from, until] = [q.get('pickupFrom') ?? undefined, q.get('pickupUntil') ?? undefined];
  const pickup = from || until ? { pickup: { from, until } } : {};
  // Category, diet and allergen filters: comma-separated lists, as Plateful reads them.
  const list = <T extends string>(name: string) => q.get(name)?.split(',').map((v) => v.trim()).filter(Boolean) as T[] | undefined;
  const facts = { categories: list<Category>('category'), diets: list<Diet>('diet'), withoutAllergens: list<Allergen>('withoutAllergens') };
  const options: ListOptions = { order, near, search: q.get('search') ?? undefined, limit: limit + 1, availableOn: day, now: new Date(), ...pickup, facts };
  const { shape, values } = listQuery(options);
  const rows = await run(JSON.stringify(shape), () => availableFoodsQuery(sqlOf, shape), values);
  return rows.slice(0, limit).map((r) => toFood(r, day));
}

createServer((req, res) => {
  answer(new URL(req.url ?? '/', 'http://raw.invalid')).then(
    (body) => {
      if (body === undefined) {
        res.writeHead(404).end();
        return;
      }
      const json = JSON.stringify(body);
      res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(json) });
      res.end(json);
    },
    () => res.writeHead(500).end(),
  );
}).listen(Number(process.env.PORT), '127.0.0.1');
