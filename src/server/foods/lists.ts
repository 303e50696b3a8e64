/**
 * Food list queries (SPEC.md §7 `/foods`: featured, available, search, a donor's
 * own): keyset pages on (sort key, id), each served by a btree index or, for
 * searches, the trigram index, or for short searches the word-prefix index
 * (docs/api.md "Searches"). Statements are built once per database; PostgreSQL plans
 * those whose plan depends on their values at every run with the values, the others reuse
 * one generic plan (`planIsStable`, db/prepared.ts).
 */
import { and, asc, desc, eq, getTableColumns, gte, isNull, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { flatRows, stableStatement, valueStatement } from '../db/prepared.js';
import { foods, listedStatus } from '../db/schema/index.js';
import { notBlockedCondition, shownFoodConditions } from './visibility.js';
import { pickupCondition, pickupShape, type PickupFilter, type PickupShape } from './pickup-filter.js';
import { factConditions, factShape, factValues, type FactFilter } from './facts.js';
import type { FoodRow } from './repository.js';
import { metresToChord, searchTerm, type SearchKind } from './terms.js';
import { readViewerRequests, VIEWER, viewColumns, type ViewColumns } from './views.js';

/** Sort orders of food lists; every one is a keyset on (sort key, id), both in the same direction. */
export type FoodOrder = 'quantity' | 'dateAsc' | 'dateDesc' | 'distance';

/**
 * A listing read by a list query, with its view columns (views.ts) and, with `near`, the
 * chord metres to its public point (see `chordToMetres`, terms.ts).
 */
export type ListedFood = FoodRow & ViewColumns & { chordM?: number };

/** Listings whose public point lies within `radiusKm` of (`lat`, `lng`). */
export interface Near {
  lat: number;
  lng: number;
  radiusKm: number;
}

/** Where a page starts: after the row with this sort key (date `YYYY-MM-DD` or quantity) and id. */
export interface After {
  key: string;
  id: string;
}

export interface ListOptions {
  /** `quantity`: largest first (featured); `dateAsc`/`dateDesc`: by expiry date; `distance`: nearest first (needs `near`). */
  order: FoodOrder;
  near?: Near;
  search?: string;
  /** Rows to read (the route asks one more than it answers, to know whether a next page exists). */
  limit: number;
  /** `YYYY-MM-DD`: listings expiring before this day are left out. */
  availableOn: string;
  after?: After;
  /** The signed-in viewer: listings of people blocked either way are left out; the view columns are theirs. */
  viewerId?: string;
  /** The current instant: listings whose last pickup window ended by then are left out. */
  now: Date;
  /** Only listings with a pickup window overlapping [from, until) (ISO instants; either may be open). */
  pickup?: PickupFilter;
  /** Category, diet and allergen filters (foods/facts.ts). */
  facts?: FactFilter;
}

/** The sort key of `row` under `order`, as a cursor carries it (distance: chord metres then `m`). */
export function sortKey(row: ListedFood, order: FoodOrder): string | number {
  if (order === 'distance') return `${row.chordM}m`;
  return order === 'quantity' ? row.quantity : row.expiresOn;
}

/** The placeholders of the list statements, by name. */
const PLACEHOLDERS = ['today', 'pattern', 'prefixes', 'key', 'id', 'donorId', 'limit', 'lat', 'lng', 'radiusM', 'chordM', 'now', 'pickupFrom', 'pickupUntil'] as const;
const p = Object.fromEntries(PLACEHOLDERS.map((name) => [name, sql.placeholder(name)])) as Record<(typeof PLACEHOLDERS)[number], Placeholder>;

/** Not past its last pickup window (placeholder `now`); a listing without windows has none to pass. */
const windowsAhead = sql`(${foods.pickupUntil} is null or ${foods.pickupUntil} > ${p.now}::timestamptz)`;

/** The searched point, and a listing's public point as the stored earthdistance cube (GiST-indexed). */
const origin = sql`ll_to_earth(${p.lat}::float8, ${p.lng}::float8)`;
const publicEarth = sql`${foods}.public_earth`;
/**
 * Straight-line (chord) metres from the searched point to a listing's public point:
 * cube's `<->`, which the GiST index can order by. It grows with the great-circle
 * distance, so ordering by it is ordering by distance; `chordToMetres` (terms.ts) converts.
 */
const chord = sql<number>`(${publicEarth} <-> ${origin})`;

/** Within the radius: the index reads the bounding cube (`earth_box`), then the chord (placeholder `chordM`) trims its corners. */
const withinRadius = sql`earth_box(${origin}, ${p.radiusM}::float8) @> ${publicEarth} and ${chord} <= ${p.chordM}::float8`;

/** ORDER BY of `order`, served by a btree index read forwards or backwards (no sort). */
function orderBy(order: FoodOrder): SQL[] {
  // The chord alone, so the GiST index reads nearest first and stops at the limit (KNN);
  // `, id` would force a sort of every listing in the radius. Two public points at exactly
  // the same distance (blurred at random, practically never) have no defined order.
  if (order === 'distance') return [asc(chord)];
  if (order === 'quantity') return [desc(foods.quantity), desc(foods.id)];
  return order === 'dateAsc' ? [asc(foods.expiresOn), asc(foods.id)] : [desc(foods.expiresOn), desc(foods.id)];
}

/** The keyset condition "after placeholders `key`, `id`" of `order`. */
function afterCursor(order: FoodOrder): SQL {
  if (order === 'distance') return sql`(${chord}, ${foods.id}) > (${p.key}::float8, ${p.id}::uuid)`;
  if (order === 'quantity') return sql`(${foods.quantity}, ${foods.id}) < (${p.key}::integer, ${p.id}::uuid)`;
  return order === 'dateAsc'
    ? sql`(${foods.expiresOn}, ${foods.id}) > (${p.key}::date, ${p.id}::uuid)`
    : sql`(${foods.expiresOn}, ${foods.id}) < (${p.key}::date, ${p.id}::uuid)`;
}

/** What makes two list queries differ in SQL text (their values are placeholders). */
export interface ListShape {
  order: FoodOrder;
  search: SearchKind;
  after: boolean;
  near: boolean;
  /** A signed-in viewer (placeholder `viewerId`): blocks are applied. */
  viewer: boolean;
  /** A pickup-time filter (placeholders `pickupFrom`, `pickupUntil`) and how it is read. */
  pickup: PickupShape;
  /** Which fact filters apply (placeholders `categories`, `diets`, `withoutAllergens`). */
  facts: ReturnType<typeof factShape>;
}

/**
 * The query of available listings of one shape, with their view columns (views.ts), with
 * placeholders `today`, `limit`, `now`, `pattern` (substring search) or `prefixes` (short
 * search), `key`/`id` (after a cursor), `viewerId` (viewer) and
 * `pickupFrom`/`pickupUntil` (pickup): Available and Reserved listings not past their date nor their last pickup window
 * (served by the partial indexes of exactly this status condition), filtered
 * by name substring (case-insensitive, literal; served by the trigram index) or word
 * prefixes (the GIN index on `food_name_prefixes(name)`), without withheld listings and,
 * for a viewer, blocked donors, with near (`lat`/`lng`/`radiusM`/`chordM`) by
 * radius (the GiST index on public points), in keyset order.
 * Exported so the EXPLAIN test checks the very SQL the API runs.
 */
export function availableFoodsQuery(db: Database, s: ListShape) {
  // Held listings (account/held.ts) are not public.
  const where: SQL[] = [listedStatus(foods.status), gte(foods.expiresOn, p.today), windowsAhead, isNull(foods.heldAt), ...shownFoodConditions()];
  if (s.viewer) where.push(notBlockedCondition(VIEWER.id));
  if (s.pickup !== 'none') where.push(pickupCondition(s.pickup, p.pickupFrom, p.pickupUntil));
  where.push(...factConditions(s.facts));
  if (s.search === 'substring') where.push(sql`${foods.name} ilike ${p.pattern}`);
  if (s.search === 'prefix') where.push(sql`food_name_prefixes(${foods.name}) @> string_to_array(${p.prefixes}::text, ' ')`);
  if (s.after) where.push(afterCursor(s.order));
  if (s.order === 'distance') return nearestFoodsQuery(db, where, s.viewer);
  if (s.near) where.push(withinRadius);
  const view = viewColumns(sql`${foods.id}`, s.viewer);
  return db
    .select(s.near ? { ...getTableColumns(foods), ...view, chordM: chord } : { ...getTableColumns(foods), ...view })
    .from(foods)
    .where(and(...where))
    .orderBy(...orderBy(s.order))
    .limit(p.limit);
}

/**
 * Nearest first within the radius (placeholders `lat`, `lng`, `limit`, `chordM`): the
 * GiST index reads the `limit` nearest listings passing `where` (KNN, stopping there
 * whatever the radius), then those beyond the radius are dropped. Asking the index for
 * "within the bounding box" as well (as the other orders do) let PostgreSQL estimate
 * the box at 0.1 % of the table whatever its real share, and it then preferred reading
 * every listing in the box and sorting them: at 7 000 listings within 5 km of central
 * Berlin 10 ms instead of 0.3 ms. The rows beyond the radius can only come
 * after all those within it, so the page is the same.
 */
function nearestFoodsQuery(db: Database, where: SQL[], viewer: boolean) {
  const nearest = db
    .select({ ...getTableColumns(foods), chordM: sql<number>`${chord}`.as('chord_m') })
    .from(foods)
    .where(and(...where))
    .orderBy(...orderBy('distance'))
    .limit(p.limit)
    .as('nearest');
  // The view columns outside: inside, their subplans would cost the index's order a sort.
  return db
    .select({ ...nearest._.selectedFields, ...viewColumns(sql`"nearest"."id"`, viewer) })
    .from(nearest)
    .where(sql`${nearest.chordM} <= ${p.chordM}::float8`)
    .orderBy(asc(nearest.chordM));
}

/** The shape and placeholder values of a list request. */
export function listQuery(o: ListOptions): { shape: ListShape; values: Record<string, unknown> } {
  const search = searchTerm(o.search);
  return {
    shape: { order: o.order, search: search.kind, after: Boolean(o.after), near: Boolean(o.near), viewer: Boolean(o.viewerId), pickup: pickupShape(o.pickup), facts: factShape(o.facts) },
    values: {
      today: o.availableOn,
      now: o.now.toISOString(),
      pickupFrom: o.pickup?.from ?? null,
      pickupUntil: o.pickup?.until ?? null,
      limit: o.limit,
      pattern: search.kind === 'substring' ? search.value : undefined,
      prefixes: search.kind === 'prefix' ? search.value : undefined,
      key: o.order === 'distance' ? o.after?.key.replace(/m$/, '') : o.after?.key,
      id: o.after?.id,
      lat: o.near?.lat,
      lng: o.near?.lng,
      radiusM: o.near && o.near.radiusKm * 1000,
      chordM: o.near && metresToChord(o.near.radiusKm * 1000),
      viewerId: o.viewerId,
      ...factValues(o.facts),
    },
  };
}

/**
 * True when the best plan of `shape` is the same whatever its values: one index read in
 * the list's order, stopping at the limit (the featured list, the list by date, nearest
 * first; after a cursor and for a viewer too). A search, a pickup-time or fact filter and
 * a radius read in date order depend on how many listings their values match.
 */
export function planIsStable(s: ListShape): boolean {
  return s.search === 'none' && s.pickup === 'none' && !Object.values(s.facts).some(Boolean) && s.near === (s.order === 'distance');
}

/**
 * Available listings (see {@link availableFoodsQuery}). Shapes whose plan is stable run
 * from a generic plan, the others are planned with their values at every run
 * (db/prepared.ts `stableStatement`, `valueStatement`).
 */
export async function listAvailableFoods(db: Database, o: ListOptions): Promise<ListedFood[]> {
  if (o.order === 'distance' && !o.near) throw new Error('a distance order needs near');
  const { shape, values } = listQuery(o);
  const f = shape.facts;
  const name = `foods_list_${shape.order}_${shape.search}_${shape.pickup}_${[shape.after, shape.near, shape.viewer, f.category, f.diet, f.without].map(Number).join('')}`;
  const make = (d: Database, as: string) => flatRows(availableFoodsQuery(d, shape).prepare(as));
  const statement = planIsStable(shape) ? stableStatement(db, name, make) : valueStatement(db, name, make);
  const rows = (await statement.execute(values)) as ListedFood[];
  return shape.viewer ? readViewerRequests(rows, o.now) : rows;
}

/** The query of one donor's listings with their windows (placeholders `donorId`, `limit`, and `key`/`id` when `after`), expired ones included, latest expiry first. */
export function donorFoodsQuery(db: Database, after: boolean) {
  return db
    .select({ ...getTableColumns(foods), ...viewColumns(sql`${foods.id}`, false) })
    .from(foods)
    .where(and(eq(foods.donorId, p.donorId), after ? afterCursor('dateDesc') : undefined))
    .orderBy(...orderBy('dateDesc'))
    .limit(p.limit);
}

/** Every listing of one donor (see {@link donorFoodsQuery}). */
export async function listDonorFoods(db: Database, donorId: string, limit: number, after?: After): Promise<ListedFood[]> {
  return stableStatement(db, `foods_donor_${Boolean(after)}`, (d, as) => flatRows(donorFoodsQuery(d, Boolean(after)).prepare(as))).execute({
    donorId,
    limit,
    key: after?.key,
    id: after?.id,
  });
}
