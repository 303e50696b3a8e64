/**
 * The baseline of the API benchmark: the same reads as Plateful's
 * `GET /api/foods` (featured, list by date, search, near by distance) and `GET /api/foods/{id}`,
 * answered by a bare node:http server over node-postgres (unnamed statements, so
 * PostgreSQL plans each with its values, as Drizzle's are) and no framework, validation, session lookup or security headers.
 * What the hardware does with this is the ceiling Plateful is compared against.
 * Env: `PORT`, `DATABASE_URL`.
 */
import { createServer } from 'node:http';
import pg from 'pg';

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });
// ORDER BY names the table's columns (`foods.expires_on`), not the text output column of that name.
const COLUMNS = `id, name, image_url, quantity, pickup_location, expires_on::text as expires_on, notes, donor_name, donor_image`;

type Row = Record<string, string | number>;
const toFood = (r: Row) => ({
  _id: r.id,
  FoodName: r.name,
  FoodImage: r.image_url,
  FoodQuantity: r.quantity,
  PickupLocation: r.pickup_location,
  ExpiredDateTime: r.expires_on,
  AdditionalNotes: r.notes,
  Donator: { Name: r.donor_name, Image: r.donor_image },
});

const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function answer(url: URL): Promise<unknown> {
  const detail = /^\/api\/foods\/([0-9a-f-]{36})$/.exec(url.pathname);
  if (detail) {
    const { rows } = await pool.query({ text: `select ${COLUMNS} from foods where id = $1`, values: [detail[1]] });
    return rows[0] ? toFood(rows[0]) : undefined;
  }
  if (url.pathname !== '/api/foods') return undefined;
  const q = url.searchParams;
  const limit = Math.min(Number(q.get('limit') ?? 1000), 1000);
  const search = q.get('search');
  const near = q.get('near')?.split(',').map(Number);
  if (near && q.get('sortByDistance')) {
    // Issue "Near me": the GiST index on the public points, nearest first (KNN), as Plateful's lists.ts.
    const radius = Number(q.get('radiusKm') ?? 10) * 1000;
    const chord = 2 * 6378168 * Math.sin(radius / (2 * 6378168));
    const { rows } = await pool.query({
      text: `select ${COLUMNS}, public_lat, public_lng, foods.public_earth <-> ll_to_earth($2, $3) as chord from foods
             where expires_on >= $1 and earth_box(ll_to_earth($2, $3), $4) @> foods.public_earth and foods.public_earth <-> ll_to_earth($2, $3) <= $5
             order by foods.public_earth <-> ll_to_earth($2, $3) limit $6`,
      values: [today(), near[0], near[1], radius, chord, limit],
    });
    return rows.map((r) => ({
      ...toFood(r),
      Location: { Lat: r.public_lat, Lng: r.public_lng, Approximate: true },
      DistanceKm: Math.round((2 * 6378168 * Math.asin(Number(r.chord) / (2 * 6378168))) / 100) / 10,
    }));
  }
  const { rows } = q.get('sortByQuantity')
    ? await pool.query({
                text: `select ${COLUMNS} from foods where expires_on >= $1 order by foods.quantity desc, foods.id desc limit $2`,
        values: [today(), limit],
      })
    : search
      ? await pool.query({
                    text: `select ${COLUMNS} from foods where expires_on >= $1 and name ilike $2 order by foods.expires_on desc, foods.id desc limit $3`,
          values: [today(), `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`, limit],
        })
      : await pool.query({
                    text: `select ${COLUMNS} from foods where expires_on >= $1 order by foods.expires_on desc, foods.id desc limit $2`,
          values: [today(), limit],
        });
  return rows.map(toFood);
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
