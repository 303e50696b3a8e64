/**
 * The scale fixture of the benchmarks (docs/benchmarks.md): `foods` listings and `requests` made by
 * generated users, written by a few set-based statements (INSERT … SELECT
 * generate_series), so 100 000 listings take seconds, not 100 000 round trips.
 * Used by `npm run seed:bench` and by the EXPLAIN test (tests/api/db/query-plans.test.ts).
 *
 * Shape: 2 000 users (`bench-u1`…, no passwords); listing names combine 12 words
 * with 40 foods (a word like 'tomato' matches 1 in 40 listings); expiry dates spread
 * from 30 days ago to a year ahead (about 92 % available); quantities 1..10 000;
 * listings' statuses of the lifecycle (docs/architecture.md): 1 in 10 Collected, 1 in 10 Reserved,
 * those past their date Expired, the rest Available; one request per listing on
 * `requests` listings, collected and reserved ones first (Delivered, Accepted), then Pending.
 * Points: every listing lies in Germany, around one of 24 towns
 * chosen in proportion to their population, up to about 20 km from its centre
 * (denser near it); the public point is 200–500 m from the exact one.
 * Facts: categories evenly spread over the 10; diets 10 % vegan (and vegetarian), 20 % more
 * vegetarian, 5 % halal, 5 % gluten-free; allergens 40 % not stated, 10 % `Unknown`, 50 % a
 * list containing one Annex II allergen (so `withoutAllergens=Nuts` keeps about 46 %).
 */
import { ALLERGENS, CATEGORIES } from '../src/contract/taxonomy.js';

/** Counts of the fixture. */
export interface FixtureSize {
  foods: number;
  requests: number;
}

/** The benchmarks' scale: 100 000 listings and 20 000 requests. */
export const SCALE: FixtureSize = { foods: 100_000, requests: 20_000 };

const USERS = 2000;
const WORDS = ['Fresh', 'Organic', 'Homemade', 'Leftover', 'Garden', 'Local', 'Frozen', 'Baked', 'Ripe', 'Spare', 'Family', 'Market'];
const FOODS = [
  'Apples', 'Bananas', 'Carrots', 'Tomatoes', 'Bread', 'Rice', 'Lentils', 'Pasta', 'Soup', 'Muffins',
  'Yogurt', 'Oranges', 'Salad', 'Potatoes', 'Onions', 'Cheese', 'Milk', 'Eggs', 'Beans', 'Curry',
  'Pears', 'Plums', 'Grapes', 'Berries', 'Cabbage', 'Spinach', 'Peppers', 'Cucumbers', 'Pumpkin', 'Melon',
  'Noodles', 'Tortillas', 'Bagels', 'Croissants', 'Pancakes', 'Dumplings', 'Stew', 'Chili', 'Hummus', 'Granola',
];

const CATEGORY_LIST = [...CATEGORIES];
const ALLERGEN_LIST = [...ALLERGENS];

const textArray = (items: string[]) => `(array[${items.map((w) => `'${w}'`).join(',')}])`;

/** German towns [lat, lng, population in thousands] the fixture's listings cluster around. */
const TOWNS: [number, number, number][] = [
  [52.52, 13.405, 3645], [53.551, 9.994, 1841], [48.137, 11.575, 1472], [50.938, 6.96, 1086],
  [50.11, 8.682, 753], [48.776, 9.183, 635], [51.228, 6.773, 619], [51.514, 7.465, 588],
  [51.456, 7.012, 583], [51.34, 12.375, 587], [53.079, 8.801, 567], [51.05, 13.738, 556],
  [52.376, 9.732, 536], [49.452, 11.077, 518], [51.435, 6.762, 498], [51.482, 7.216, 365],
  [51.256, 7.151, 355], [52.021, 8.532, 334], [50.737, 7.098, 327], [51.962, 7.626, 315],
  [49.006, 8.404, 308], [49.487, 8.466, 309], [48.371, 10.898, 296], [54.323, 10.123, 247],
];

/**
 * A `WITH` clause of the towns (`towns(town, tlat, tlng)`) and of 1000 slots each
 * holding a town in proportion to its population (`slots(slot, town)`, slot 0..999).
 */
function townsClause(): string {
  const total = TOWNS.reduce((sum, t) => sum + t[2], 0);
  const slots: number[] = [];
  let acc = 0;
  TOWNS.forEach((t, k) => {
    acc += t[2];
    while (slots.length < Math.round((acc / total) * 1000)) slots.push(k + 1);
  });
  const values = TOWNS.map((t, k) => `(${k + 1}, ${t[0]}::float8, ${t[1]}::float8)`).join(', ');
  return `with towns(town, tlat, tlng) as (values ${values}),
          slots(slot, town) as (select (n - 1)::int, t from unnest(array[${slots.join(',')}]) with ordinality as u(t, n))`;
}

/** The SQL statements that load the fixture into a migrated, empty Plateful database, in order. */
export function fixtureStatements(size: FixtureSize): string[] {
  return [
    `insert into users (id, name, email, email_verified, image)
     select 'bench-u' || i, 'Bench Neighbour ' || i, 'bench' || i || '@plateful.bench', true,
            'https://images.example.org/people/' || i || '.png'
     from generate_series(1, ${USERS}) i`,
    `insert into foods (name, image_url, quantity, pickup_location, expires_on, notes,
                        donor_id, donor_name, donor_image, donor_email, status, category, diet, allergens, allergen_free)
     select ${textArray(WORDS)}[1 + i % ${WORDS.length}] || ' ' || ${textArray(FOODS)}[1 + (i / ${WORDS.length}) % ${FOODS.length}] || ' #' || i,
            'https://images.example.org/food/' || (i % 500) || '.jpg',
            1 + (i * 7919) % 10000,
            (1 + i % 300) || ' Market Street',
            current_date + ((i * 37) % 395 - 30),
            'Collect after 5 pm; bring a bag.',
            'bench-u' || (1 + i % ${USERS}), 'Bench Neighbour ' || (1 + i % ${USERS}),
            'https://images.example.org/people/' || (1 + i % ${USERS}) || '.png',
            'bench' || (1 + i % ${USERS}) || '@plateful.bench',
            case when i % 10 = 0 then 'Collected' when i % 10 = 1 then 'Reserved'
                 when (i * 37) % 395 - 30 < 0 then 'Expired' else 'Available' end,
            ${textArray(CATEGORY_LIST)}[1 + (i / 7) % 10],
            case when (i / 3) % 20 < 2 then '{Vegetarian,Vegan}'::text[] when (i / 3) % 20 < 6 then '{Vegetarian}'::text[]
                 when (i / 3) % 20 = 6 then '{Halal}'::text[] when (i / 3) % 20 = 7 then '{GlutenFree}'::text[] else '{}'::text[] end,
            case when (i / 11) % 10 < 4 then null when (i / 11) % 10 = 4 then '"Unknown"'::jsonb
                 else jsonb_build_object('Contains', jsonb_build_array(${textArray(ALLERGEN_LIST)}[1 + (i / 13) % 14]), 'MayContain', '[]'::jsonb) end,
            case when (i / 11) % 10 < 5 then '{}'::text[] else array_remove(${textArray(ALLERGEN_LIST)}, ${textArray(ALLERGEN_LIST)}[1 + (i / 13) % 14]) end
     from generate_series(1, ${size.foods}) i`,
    // A GiST index built once over 100 000 points takes a fraction of
    // 100 000 single insertions into it; the same index as migration places_earth.
    'drop index foods_public_point_idx',
    `${townsClause()}
     update foods set lat = p.lat, lng = p.lng,
            public_lat = p.lat + 0.0031 * cos(p.b), public_lng = p.lng + 0.0031 * sin(p.b) / cos(radians(p.lat))
     from (select f.id,
                  tlat + power(((i::bigint * 104729) % 1000)::float8 / 1000, 1.5) * 0.18 * cos(radians((i * 7907) % 360)) as lat,
                  tlng + power(((i::bigint * 104729) % 1000)::float8 / 1000, 1.5) * 0.27 * sin(radians((i * 7907) % 360)) as lng,
                  radians((i * 137) % 360) as b
           from (select id, row_number() over (order by id) as i from foods) f
           join slots on slots.slot = (f.i * 6007) % 1000
           join towns using (town)) p
     where foods.id = p.id`,
    'create index foods_public_point_idx on foods using gist (public_earth)',
    `insert into requests (food_id, food_name, food_image, pickup_location, expires_on,
                           donor_id, donor_name, donor_image, donor_email, notes, donation_money,
                           requester_id, requester_name, requester_image, requester_email, requested_at, status)
     select f.id, f.name, f.image_url, f.pickup_location, f.expires_on,
            f.donor_id, f.donor_name, f.donor_image, f.donor_email, 'Could I pick it up tonight?', (f.n % 20)::text,
            'bench-u' || r.u, 'Bench Neighbour ' || r.u, 'https://images.example.org/people/' || r.u || '.png',
            'bench' || r.u || '@plateful.bench', now() - f.n * interval '1 minute',
            case f.status when 'Collected' then 'Delivered' when 'Reserved' then 'Accepted' else 'Pending' end
     from (select foods.*, row_number() over (order by status in ('Available', 'Expired'), id) as n
           from foods order by status in ('Available', 'Expired'), id limit ${size.requests}) f,
          lateral (select 1 + (f.n * 13) % ${USERS} as u) r`,
    // A quarter of the listings have two pickup windows (UTC): the evening before their last day, and that day's evening to its end.
    `insert into pickup_windows (food_id, starts_at, ends_at, capacity)
     select id, ((expires_on - 1) + time '18:00') at time zone 'UTC', ((expires_on - 1) + time '19:30') at time zone 'UTC', case when quantity % 3 = 0 then 5 end
     from foods where quantity % 4 = 0
     union all
     select id, (expires_on + time '18:00') at time zone 'UTC', (expires_on + 1)::timestamp at time zone 'UTC', null
     from foods where quantity % 4 = 0`,
    `update foods set pickup_until = (expires_on + 1)::timestamp at time zone 'UTC' where quantity % 4 = 0`,
    'analyze users',
    'analyze foods',
    'analyze requests',
    'analyze pickup_windows',
  ];
}
