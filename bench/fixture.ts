/**
 * The scale fixture of issue "Performance": `foods` listings and `requests` made by
 * generated users, written by a few set-based statements (INSERT … SELECT
 * generate_series), so 100 000 listings take seconds, not 100 000 round trips.
 * Used by `npm run seed:bench` and by the EXPLAIN test (tests/api/query-plans.test.ts).
 *
 * Shape: 2 000 users (`bench-u1`…, no passwords); listing names combine 12 words
 * with 40 foods (a word like 'tomato' matches 1 in 40 listings); expiry dates spread
 * from 30 days ago to a year ahead (about 92 % available); quantities 1..10 000;
 * listings' statuses as issue 16 leaves them: 1 in 10 Collected, 1 in 10 Reserved,
 * those past their date Expired, the rest Available; one request per listing on
 * `requests` listings, collected and reserved ones first (Delivered, Accepted), then Pending.
 */

/** Counts of the fixture. */
export interface FixtureSize {
  foods: number;
  requests: number;
}

/** The size the issue asks for: 100 000 listings and 20 000 requests. */
export const SCALE: FixtureSize = { foods: 100_000, requests: 20_000 };

const USERS = 2000;
const WORDS = ['Fresh', 'Organic', 'Homemade', 'Leftover', 'Garden', 'Local', 'Frozen', 'Baked', 'Ripe', 'Spare', 'Family', 'Market'];
const FOODS = [
  'Apples', 'Bananas', 'Carrots', 'Tomatoes', 'Bread', 'Rice', 'Lentils', 'Pasta', 'Soup', 'Muffins',
  'Yogurt', 'Oranges', 'Salad', 'Potatoes', 'Onions', 'Cheese', 'Milk', 'Eggs', 'Beans', 'Curry',
  'Pears', 'Plums', 'Grapes', 'Berries', 'Cabbage', 'Spinach', 'Peppers', 'Cucumbers', 'Pumpkin', 'Melon',
  'Noodles', 'Tortillas', 'Bagels', 'Croissants', 'Pancakes', 'Dumplings', 'Stew', 'Chili', 'Hummus', 'Granola',
];

const textArray = (items: string[]) => `(array[${items.map((w) => `'${w}'`).join(',')}])`;

/** The SQL statements that load the fixture into a migrated, empty Plateful database, in order. */
export function fixtureStatements(size: FixtureSize): string[] {
  return [
    `insert into users (id, name, email, email_verified, image)
     select 'bench-u' || i, 'Bench Neighbour ' || i, 'bench' || i || '@plateful.bench', true,
            'https://images.example.org/people/' || i || '.png'
     from generate_series(1, ${USERS}) i`,
    `insert into foods (name, image_url, quantity, pickup_location, expires_on, notes,
                        donor_id, donor_name, donor_image, donor_email, status)
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
                 when (i * 37) % 395 - 30 < 0 then 'Expired' else 'Available' end
     from generate_series(1, ${size.foods}) i`,
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
    'analyze users',
    'analyze foods',
    'analyze requests',
  ];
}
