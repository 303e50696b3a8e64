// Every list query the API runs is served by an index on the
// 100 000-listing fixture (bench/fixture.ts). EXPLAIN the repositories' own queries
// and fail on any sequential scan; also check the answers stay fast and correct there.
import { fillPlaceholders, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCALE, fixtureStatements } from '../../../bench/fixture.js';
import { ALLERGENS } from '../../../src/contract/taxonomy.js';
import { nextBanEndQuery } from '../../../src/server/cache/ban-ends.js';
import type { Database } from '../../../src/server/db/client.js';
import { standingsQuery } from '../../../src/server/feedback/repository.js';
import { availableFoodsQuery, donorFoodsQuery, listQuery, planIsStable, type ListOptions } from '../../../src/server/foods/lists.js';
import { localToday } from '../../../src/server/lib/dates.js';
import { foodRequestsQuery, requesterRequestsQuery } from '../../../src/server/requests/repository.js';
import { BACKENDS, call, startApp, type TestApp } from '../harness.js';

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan tree, depth first. */
function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** Sort nodes that sort more than a page: under a Limit, or with no Limit below them. */
function sortsBeforeLimit(node: PlanNode, underLimit = false): string[] {
  const sortsMore = node['Node Type'].includes('Sort') && (underLimit || !nodes(node).some((n) => n['Node Type'] === 'Limit'));
  return [...(sortsMore ? [node['Node Type']] : []), ...(node.Plans ?? []).flatMap((child) => sortsBeforeLimit(child, underLimit || node['Node Type'] === 'Limit'))];
}

/** A query as the repositories build it, and the values of its placeholders. */
interface Bound {
  query: { toSQL(): { sql: string; params: unknown[] } };
  values?: Record<string, unknown>;
}

/** The nodes of an `explain (format json)` answer's plan (its one cell: JSON text on PGlite, parsed by node-postgres). */
function planOf(rows: Record<string, unknown>[]): PlanNode[] {
  const cell = Object.values(rows[0]!)[0];
  const doc = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
  return nodes(doc[0]!.Plan);
}

/** EXPLAINs `query` with its values, through the driver (PGlite or node-postgres) under Drizzle. */
async function explain(db: Database, { query, values = {} }: Bound): Promise<PlanNode[]> {
  const { sql: text, params } = query.toSQL();
  const client = (db as unknown as { $client: { query(text: string, params: unknown[]): Promise<{ rows: Record<string, unknown>[] }> } }).$client;
  const result = await client.query(`explain (format json) ${text}`, fillPlaceholders(params, values));
  return planOf(result.rows);
}

/**
 * EXPLAINs `query` with its values as PostgreSQL runs it from a generic plan (a named
 * statement under `plan_cache_mode = force_generic_plan`, as the generic-plan connections
 * run the lists of a stable plan: db/prepared.ts), inside one transaction.
 */
async function explainGeneric(db: Database, { query, values = {} }: Bound): Promise<PlanNode[]> {
  const { sql: text, params } = query.toSQL();
  const literal = (v: unknown) => (v === null || v === undefined ? 'null' : typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`);
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`prepare generic_probe as ${text}`));
    await tx.execute(sql.raw('set local plan_cache_mode = force_generic_plan'));
    const result = (await tx.execute(sql.raw(`explain (format json) execute generic_probe(${fillPlaceholders(params, values).map(literal).join(', ')})`))) as unknown as { rows: Record<string, unknown>[] };
    await tx.execute(sql.raw('deallocate generic_probe'));
    return planOf(result.rows);
  });
}

/** A raw `sql` query in the shape `explain` takes. */
function raw(query: SQL): Bound['query'] {
  return { toSQL: () => new PgDialect().sqlToQuery(query) };
}

describe.each(BACKENDS)('query plans at 100k listings on %s', (backend) => {
  let t: TestApp;
  let db: Database;
  let foodId: string;
  const today = localToday();
  const inDays = (n: number) => new Date(Date.parse(today) + n * 86_400_000).toISOString().slice(0, 10);
  const list = (o: Partial<ListOptions>): Bound => {
    const { shape, values } = listQuery({ order: 'dateDesc', limit: 25, availableOn: today, now: new Date(), ...o });
    return { query: availableFoodsQuery(db, shape), values };
  };

  beforeAll(async () => {
    // The 100k fixture's bulk inserts outlast the default 5 s statement timeout on a busy machine.
    t = await startApp(backend, { DB_STATEMENT_TIMEOUT_MS: '300000' });
    db = t.app.db;
    for (const statement of fixtureStatements(SCALE)) await db.execute(sql.raw(statement));
    // Feedback on both sides of every delivered hand-over, for the standing query's plan.
    await db.execute(sql`insert into feedback (request_id, author_id, subject_id, rating)
      select id, requester_id, donor_id, 'Positive' from requests where status = 'Delivered'
      union all select id, donor_id, requester_id, 'Negative' from requests where status = 'Delivered' and donor_id <> requester_id`);
    await db.execute(sql`analyze feedback`);
    const rows = (await db.execute(sql`select food_id from requests limit 1`)) as unknown as { rows: { food_id: string }[] };
    foodId = rows.rows[0]!.food_id;
  }, 400_000);
  afterAll(() => t?.close());

  const cases: [string, () => Bound][] = [
    ['featured (by quantity)', () => list({ order: 'quantity', limit: 7 })],
    ['available, by date descending', () => list({})],
    ['available, by date ascending', () => list({ order: 'dateAsc' })],
    ['available, unpaginated default (1001 rows)', () => list({ limit: 1001 })],
    ['available, next page after a cursor', () => list({ after: { key: today, id: '00000000-0000-4000-8000-000000000000' } })],
    ['featured, next page after a cursor', () => list({ order: 'quantity', after: { key: '5000', id: '00000000-0000-4000-8000-000000000000' } })],
    ['search, a common word', () => list({ search: 'tomato' })],
    ['search, a rare name', () => list({ search: 'Granola #4391' })],
    ['search, no match', () => list({ search: 'quinoa' })],
    ['near Berlin, 5 km, nearest first', () => list({ order: 'distance', near: { lat: 52.52, lng: 13.405, radiusKm: 5 } })],
    ['near Berlin, 5 km, nearest first, signed in', () => list({ order: 'distance', near: { lat: 52.52, lng: 13.405, radiusKm: 5 }, viewerId: 'bench-u3' })],
    ['near Berlin, 5 km, nearest first, next page', () => list({ order: 'distance', near: { lat: 52.52, lng: 13.405, radiusKm: 5 }, after: { key: '1500m', id: '00000000-0000-4000-8000-000000000000' } })],
    ['near Kiel, 50 km, by date', () => list({ near: { lat: 54.323, lng: 10.123, radiusKm: 50 } })],
    ['near a field, 5 km, no listing', () => list({ order: 'distance', near: { lat: 50.5, lng: 12.0, radiusKm: 5 } })],
    ['available, a pickup time filter (this evening)', () => list({ pickup: { from: `${today}T16:00:00Z`, until: `${today}T21:00:00Z` } })],
    ['available, picked up by a time', () => list({ pickup: { until: `${today}T21:00:00Z` } })],
    ['available, a pickup time filter (a week)', () => list({ pickup: { from: `${today}T16:00:00Z`, until: `${inDays(7)}T16:00:00Z` } })],
    ['available, a pickup time filter (this evening), by distance', () => list({ order: 'distance', near: { lat: 52.52, lng: 13.405, radiusKm: 50 }, pickup: { from: `${today}T16:00:00Z`, until: `${today}T21:00:00Z` } })],
    ['short search, two letters', () => list({ search: 'to' })],
    ['short search, one letter, unpaginated', () => list({ search: 'g', limit: 1001 })],
    ['short search, a rare prefix', () => list({ search: 'qz' })],
    ['a category', () => list({ facts: { categories: ['Bakery'] } })],
    ['two categories and a search', () => list({ search: 'bread', facts: { categories: ['Bakery', 'Drinks'] } })],
    ['a diet nobody offers', () => list({ facts: { diets: ['Kosher'] } })],
    ['without two allergens', () => list({ facts: { withoutAllergens: ['Nuts', 'Milk'] } })],
    ['category, diet and without nuts', () => list({ facts: { categories: ['Bakery'], diets: ['Vegan'], withoutAllergens: ['Nuts'] } })],
    ['category and diet near Berlin, nearest first', () => list({ order: 'distance', near: { lat: 52.52, lng: 13.405, radiusKm: 5 }, facts: { categories: ['Bakery'], diets: ['Vegan'] } })],
    ["a donor's own listings", () => ({ query: donorFoodsQuery(db, false), values: { donorId: 'bench-u7', limit: 1001 } })],
    ["a food's requests", () => ({ query: foodRequestsQuery(db, foodId) })],
    ["a requester's requests", () => ({ query: requesterRequestsQuery(db, 'bench-u5') })],
    ["the standing of a page's people", () => ({ query: raw(standingsQuery(['bench-u3', 'bench-u5', 'bench-u7'])) })],
    ['the next ban end', () => ({ query: nextBanEndQuery(db) })],
  ];

  it.each(cases)('%s uses an index, never a sequential scan', async (_name, query) => {
    const plan = await explain(db, query());
    const seqScans = plan.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']);
    expect(seqScans).toEqual([]);
    expect(plan.some((n) => n['Index Name'])).toBe(true);
  });

  it('runs the lists of a stable plan from a generic plan that reads the same index, with no sort', async () => {
    const lists: [string, Partial<ListOptions>][] = [
      ['featured', { order: 'quantity', limit: 7 }],
      ['by date', {}],
      ['by date ascending, unpaginated', { order: 'dateAsc', limit: 1001 }],
      ['featured, after a cursor', { order: 'quantity', after: { key: '5000', id: '00000000-0000-4000-8000-000000000000' } }],
      ['by date, signed in', { viewerId: 'bench-u3' }],
      ['nearest first', { order: 'distance', near: { lat: 52.52, lng: 13.405, radiusKm: 5 } }],
      ['nearest first, signed in, after a cursor', { order: 'distance', near: { lat: 52.52, lng: 13.405, radiusKm: 5 }, viewerId: 'bench-u3', after: { key: '1500m', id: '00000000-0000-4000-8000-000000000000' } }],
      ['nearest first, a field with no listing', { order: 'distance', near: { lat: 50.5, lng: 12.0, radiusKm: 5 } }],
    ];
    for (const [name, options] of lists) {
      const bound = list(options);
      expect(planIsStable(listQuery({ order: 'dateDesc', limit: 25, availableOn: today, now: new Date(), ...options }).shape), name).toBe(true);
      const [custom, generic] = [await explain(db, bound), await explainGeneric(db, bound)];
      const indexes = (plan: PlanNode[]) => plan.map((n) => n['Index Name']).filter(Boolean).sort();
      expect(indexes(generic), name).toEqual(indexes(custom));
      expect(generic.filter((n) => n['Node Type'] === 'Seq Scan').map((n) => n['Relation Name']), name).toEqual([]);
      // The index read stops at the limit; at most the page itself is sorted (nearest first: the outer order).
      expect(sortsBeforeLimit(generic[0]!), name).toEqual([]);
    }
    // Where how many listings match decides the plan, every run is planned with its values.
    for (const options of [{ search: 'tomato' }, { search: 'qz' }, { facts: { diets: ['Kosher' as const] } }, { pickup: { until: `${today}T21:00:00Z` } }, { near: { lat: 54.323, lng: 10.123, radiusKm: 50 } }]) {
      expect(planIsStable(listQuery({ order: 'dateDesc', limit: 25, availableOn: today, now: new Date(), ...options }).shape)).toBe(false);
    }
  });

  it('reads the available and featured lists from the partial indexes of listed (Available, Reserved) foods', async () => {
    // Collected and expired listings are not in these indexes at all.
    expect((await explain(db, list({}))).map((n) => n['Index Name'])).toContain('foods_listed_expires_on_idx');
    expect((await explain(db, list({ order: 'quantity', limit: 7 }))).map((n) => n['Index Name'])).toContain('foods_listed_quantity_idx');
    const res = await call(t.app, 'GET', '/api/foods?sortByDate=dec&limit=100');
    expect(res.json().every((f: { FoodStatus: string }) => f.FoodStatus === 'Available' || f.FoodStatus === 'Reserved')).toBe(true);
  });

  it('serves selective category, diet and allergen filters from their own indexes', async () => {
    expect((await explain(db, list({ facts: { diets: ['Kosher'] } }))).map((n) => n['Index Name'])).toContain('foods_listed_diet_idx');
    // Every stated list of the fixture names one allergen: nothing is free of all 14.
    const allFree = list({ facts: { withoutAllergens: [...ALLERGENS] } });
    expect((await explain(db, allFree)).map((n) => n['Index Name'])).toContain('foods_listed_allergen_free_idx');
    expect((await explain(db, list({ search: 'bread', facts: { categories: ['Bakery'] } }))).map((n) => n['Index Name'])).toContain('foods_listed_category_idx');
  });

  it('reads a narrow pickup filter from the windows, not by walking the listings', async () => {
    // This evening's windows belong to listings that expire today or tomorrow, the last ones
    // a newest-first walk reaches: probing each listing read ~83 000 of them for 25 rows.
    const pickup = { from: `${today}T16:00:00Z`, until: `${today}T21:00:00Z` };
    const plan = await explain(db, list({ pickup }));
    expect(plan.map((n) => n['Index Name'])).toEqual(expect.arrayContaining(['pickup_windows_span_idx', 'foods_pkey']));
    expect(plan.map((n) => n['Index Name'])).not.toContain('foods_listed_expires_on_idx');
    // The same listings, in the same order, as the per-listing probe.
    const { shape, values } = listQuery({ order: 'dateDesc', limit: 25, availableOn: today, now: new Date(), pickup });
    const probed = await availableFoodsQuery(db, { ...shape, pickup: 'each' }).execute(values);
    const read = await availableFoodsQuery(db, shape).execute(values);
    expect(probed.length).toBe(25);
    expect(read.map((f) => f.id)).toEqual(probed.map((f) => f.id));
  });

  it('searches by the trigram index when a word is rare', async () => {
    const plan = await explain(db, list({ search: 'Granola #4391' }));
    expect(plan.map((n) => n['Index Name'])).toContain('foods_name_trgm_idx');
  });

  it('finds listings within a radius by the GiST index on public points', async () => {
    const plan = await explain(db, list({ order: 'distance', near: { lat: 52.52, lng: 13.405, radiusKm: 5 }, limit: 1001 }));
    expect(plan.map((n) => n['Index Name'])).toContain('foods_public_point_idx');
    const byDate = await explain(db, list({ near: { lat: 52.52, lng: 13.405, radiusKm: 5 } }));
    expect(byDate.map((n) => n['Index Name'])).toContain('foods_public_point_idx');
    const res = await call(t.app, 'GET', '/api/foods?near=52.52,13.405&radiusKm=5&sortByDistance=true&limit=100');
    const distances = res.json().map((f: { DistanceKm: number }) => f.DistanceKm);
    expect(distances.length).toBe(100);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(distances.at(-1)).toBeLessThanOrEqual(5);
  });

  it.each([25, 1001])('reads nearest first straight from the GiST index, no sort, at limit %i', async (limit) => {
    // About 7 000 listings lie within 5 km of central Berlin: reading them all and sorting
    // took 30 times as long as reading the nearest `limit` in index order (KNN).
    for (const viewerId of [undefined, 'bench-u3']) {
      const plan = await explain(db, list({ order: 'distance', near: { lat: 52.52, lng: 13.405, radiusKm: 5 }, limit, viewerId }));
      expect(plan.filter((n) => n['Node Type'].includes('Sort')).map((n) => n['Node Type'])).toEqual([]);
      expect(plan.some((n) => n['Node Type'] === 'Index Scan' && n['Index Name'] === 'foods_public_point_idx')).toBe(true);
    }
  });

  it('answers every listing within the radius and no other, nearest first, where fewer than a page lie near', async () => {
    // 25 km north of Kiel's centre, at the edge of its listings: a few dozen within 3 and 5 km.
    const near = (km: number) => call(t.app, 'GET', `/api/foods?near=54.45,10.123&radiusKm=${km}&sortByDistance=true&limit=100`);
    const within = async (km: number) => {
      const rows = await db.execute(sql`select count(*)::int as n from foods where status in ('Available', 'Reserved')
        and expires_on >= ${today} and earth_distance(public_earth, ll_to_earth(54.45, 10.123)) <= ${km * 1000}`);
      return (rows as unknown as { rows: { n: number }[] }).rows[0]!.n;
    };
    const small = (await near(3)).json();
    const large = (await near(5)).json();
    const km = (list: { DistanceKm: number }[]) => list.map((f) => f.DistanceKm);
    expect(small.length).toBe(await within(3));
    expect(large.length).toBe(await within(5));
    expect(small.length).toBeGreaterThan(0);
    expect(large.length).toBeGreaterThan(small.length);
    expect(large.length).toBeLessThan(100);
    expect(Math.max(...km(small))).toBeLessThanOrEqual(3);
    expect(km(large)).toEqual([...km(large)].sort((a, b) => a - b));
    // The 3 km answer is the start of the 5 km one (listings at one blurred point tie, in any order).
    expect(km(large).slice(0, small.length)).toEqual(km(small));
    const ids = new Set(large.map((f: { _id: string }) => f._id));
    expect(small.every((f: { _id: string }) => ids.has(f._id))).toBe(true);
    expect((await call(t.app, 'GET', '/api/foods?near=50.5,12.0&radiusKm=5&sortByDistance=true')).json()).toEqual([]);
  });

  it('serves a rare short search by the word-prefix index', async () => {
    const plan = await explain(db, list({ search: 'qz' }));
    expect(plan.map((n) => n['Index Name'])).toContain('foods_name_prefixes_idx');
  });

  it('pages through a search at 100k listings: 24 at a time, each match once, in order', async () => {
    const seen: { _id: string; ExpiredDateTime: string }[] = [];
    let url: string | undefined = '/api/foods?sortByDate=acc&search=granola%20%234&limit=24';
    while (url) {
      const res = await call(t.app, 'GET', url);
      expect(res.statusCode).toBe(200);
      const page = res.json();
      expect(page.length).toBeLessThanOrEqual(24);
      seen.push(...page);
      const next = res.headers['x-next-cursor'] as string | undefined;
      url = next ? `/api/foods?sortByDate=acc&search=granola%20%234&limit=24&cursor=${encodeURIComponent(next)}` : undefined;
    }
    const all = (await call(t.app, 'GET', '/api/foods?sortByDate=acc&search=granola%20%234')).json();
    expect(all.length).toBeGreaterThan(24);
    expect(seen.map((f) => f._id)).toEqual(all.map((f: { _id: string }) => f._id));
    expect(new Set(seen.map((f) => f._id)).size).toBe(seen.length);
  });
});
