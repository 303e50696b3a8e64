/**
 * Food listing queries (SPEC.md §3 Food, §7 `/foods`). Rows are mapped to the
 * spec's field names here so routes only speak the contract.
 */
import { and, asc, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Food } from '../../contract/index.js';
import type { SessionUser } from '../auth/plugin.js';
import type { Database } from '../db/client.js';
import { UNNAMED, preparedOnce } from '../db/prepared.js';
import { foods } from '../db/schema.js';
import { problem } from '../http/problem.js';
import { unproxied } from '../images/urls.js';

export type FoodRow = typeof foods.$inferSelect;

/** The fields a donor writes (contract `FoodInput` after parsing). */
export interface FoodFields {
  FoodName: string;
  FoodImage: string;
  FoodQuantity: number;
  PickupLocation: string;
  ExpiredDateTime: string;
  AdditionalNotes: string;
  /** Issue 12; undefined on an update keeps the listing's gallery. */
  FoodGallery?: string[];
}

/** Maps a row to the API's `Food`; `Donator.Email` only for signed-in viewers (DESIGN.md). */
export function toFood(row: FoodRow, showEmail: boolean): Food {
  return {
    _id: row.id,
    FoodName: row.name,
    FoodImage: row.imageUrl,
    FoodQuantity: row.quantity,
    PickupLocation: row.pickupLocation,
    ExpiredDateTime: row.expiresOn,
    AdditionalNotes: row.notes,
    ...(row.gallery.length ? { FoodGallery: row.gallery } : {}),
    Donator: { Name: row.donorName, Image: row.donorImage, ...(showEmail ? { Email: row.donorEmail } : {}) },
  };
}

/** Escapes `%`, `_` and `\` so user text matches itself literally in LIKE (issue "Security"). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** Sort orders of food lists; every one is a keyset on (sort key, id), both in the same direction. */
export type FoodOrder = 'quantity' | 'dateAsc' | 'dateDesc';

/** Where a page starts: after the row with this sort key (date `YYYY-MM-DD` or quantity) and id. */
export interface After {
  key: string;
  id: string;
}

export interface ListOptions {
  /** `quantity`: largest first (featured); `dateAsc`/`dateDesc`: by expiry date. */
  order: FoodOrder;
  search?: string;
  /** Rows to read (the route asks one more than it answers, to know whether a next page exists). */
  limit: number;
  /** `YYYY-MM-DD`: listings expiring before this day are left out. */
  availableOn: string;
  after?: After;
}

/** The sort key of `row` under `order`, as a cursor carries it. */
export function sortKey(row: FoodRow, order: FoodOrder): string | number {
  return order === 'quantity' ? row.quantity : row.expiresOn;
}

const p = {
  today: sql.placeholder('today'),
  pattern: sql.placeholder('pattern'),
  key: sql.placeholder('key'),
  id: sql.placeholder('id'),
  donorId: sql.placeholder('donorId'),
  limit: sql.placeholder('limit'),
};

/** ORDER BY of `order`, served by a btree index read forwards or backwards (no sort). */
function orderBy(order: FoodOrder): SQL[] {
  if (order === 'quantity') return [desc(foods.quantity), desc(foods.id)];
  return order === 'dateAsc' ? [asc(foods.expiresOn), asc(foods.id)] : [desc(foods.expiresOn), desc(foods.id)];
}

/** The keyset condition "after placeholders `key`, `id`" of `order`. */
function afterCursor(order: FoodOrder): SQL {
  if (order === 'quantity') return sql`(${foods.quantity}, ${foods.id}) < (${p.key}::integer, ${p.id}::uuid)`;
  return order === 'dateAsc'
    ? sql`(${foods.expiresOn}, ${foods.id}) > (${p.key}::date, ${p.id}::uuid)`
    : sql`(${foods.expiresOn}, ${foods.id}) < (${p.key}::date, ${p.id}::uuid)`;
}

/** What makes two list queries differ in SQL text (their values are placeholders). */
export interface ListShape {
  order: FoodOrder;
  search: boolean;
  after: boolean;
}

/**
 * The query of available listings of one shape, with placeholders `today`, `limit`,
 * and `pattern` (search) and `key`/`id` (after a cursor): filtered by name substring
 * (case-insensitive, literal; served by the trigram index) and in keyset order.
 * Exported so the EXPLAIN test checks the very SQL the API runs.
 */
export function availableFoodsQuery(db: Database, s: ListShape) {
  const where: SQL[] = [gte(foods.expiresOn, p.today)];
  if (s.search) where.push(sql`${foods.name} ilike ${p.pattern}`);
  if (s.after) where.push(afterCursor(s.order));
  return db
    .select()
    .from(foods)
    .where(and(...where))
    .orderBy(...orderBy(s.order))
    .limit(p.limit);
}

/** The shape and placeholder values of a list request. */
export function listQuery(o: ListOptions): { shape: ListShape; values: Record<string, unknown> } {
  const search = o.search?.trim();
  return {
    shape: { order: o.order, search: Boolean(search), after: Boolean(o.after) },
    values: { today: o.availableOn, limit: o.limit, pattern: search && likePattern(search), key: o.after?.key, id: o.after?.id },
  };
}

/** Available listings (see {@link availableFoodsQuery}). */
export async function listAvailableFoods(db: Database, o: ListOptions): Promise<FoodRow[]> {
  const { shape, values } = listQuery(o);
  const key = `foods:available:${shape.order}:${shape.search}:${shape.after}`;
  return preparedOnce(db, key, (d) => availableFoodsQuery(d, shape).prepare(UNNAMED)).execute(values);
}

/** The query of one donor's listings (placeholders `donorId`, `limit`, and `key`/`id` when `after`), expired ones included, latest expiry first. */
export function donorFoodsQuery(db: Database, after: boolean) {
  return db
    .select()
    .from(foods)
    .where(and(eq(foods.donorId, p.donorId), after ? afterCursor('dateDesc') : undefined))
    .orderBy(...orderBy('dateDesc'))
    .limit(p.limit);
}

/** Every listing of one donor (see {@link donorFoodsQuery}). */
export async function listDonorFoods(db: Database, donorId: string, limit: number, after?: After): Promise<FoodRow[]> {
  return preparedOnce(db, `foods:donor:${Boolean(after)}`, (d) => donorFoodsQuery(d, Boolean(after)).prepare(UNNAMED)).execute({
    donorId,
    limit,
    key: after?.key,
    id: after?.id,
  });
}

/** One listing by id, or undefined. */
export async function findFood(db: Database, id: string): Promise<FoodRow | undefined> {
  const query = preparedOnce(db, 'foods:one', (d) => d.select().from(foods).where(eq(foods.id, p.id)).prepare(UNNAMED));
  const [row] = await query.execute({ id });
  return row;
}

function columns(input: FoodFields, donor: SessionUser) {
  return {
    name: input.FoodName,
    imageUrl: unproxied(input.FoodImage),
    ...(input.FoodGallery ? { gallery: input.FoodGallery.map(unproxied) } : {}),
    quantity: input.FoodQuantity,
    pickupLocation: input.PickupLocation,
    expiresOn: input.ExpiredDateTime,
    notes: input.AdditionalNotes,
    donorId: donor.id,
    donorName: donor.name,
    donorImage: donor.image,
    donorEmail: donor.email,
  };
}

/** Inserts a listing whose donor is `donor`; returns its id. */
export async function createFood(db: Database, input: FoodFields, donor: SessionUser): Promise<string> {
  const [row] = await db.insert(foods).values(columns(input, donor)).returning({ id: foods.id });
  return row!.id;
}

/**
 * Loads a listing for change inside `tx`, locking it.
 * @throws 404 when it does not exist, 403 when `userId` is not its donor.
 */
export async function lockOwnFood(tx: Database, id: string, userId: string): Promise<FoodRow> {
  const [row] = await tx.select().from(foods).where(eq(foods.id, id)).for('update');
  if (!row) throw problem(404, 'No food listing has this id.');
  if (row.donorId !== userId) throw problem(403, 'This food listing is not yours.');
  return row;
}

/**
 * Replaces a donor's listing (SPEC.md §7 PUT /foods/{id}); one transaction.
 * @returns Mongo-style counts: `modifiedCount` is 0 when nothing changed.
 * @throws 404 / 403 as `lockOwnFood`.
 */
export async function updateFood(db: Database, id: string, input: FoodFields, donor: SessionUser) {
  return db.transaction(async (tx) => {
    const row = await lockOwnFood(tx, id, donor.id);
    const next = columns(input, donor);
    const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) =>
      k === 'gallery' ? next.gallery!.join('\n') !== row.gallery.join('\n') : next[k] !== row[k],
    );
    if (changed) await tx.update(foods).set({ ...next, updatedAt: new Date() }).where(eq(foods.id, id));
    return { acknowledged: true as const, matchedCount: 1, modifiedCount: changed ? 1 : 0 };
  });
}

/**
 * Deletes a donor's listing and, by cascade, its requests; one transaction.
 * @throws 404 / 403 as `lockOwnFood`.
 */
export async function deleteFood(db: Database, id: string, userId: string) {
  return db.transaction(async (tx) => {
    await lockOwnFood(tx, id, userId);
    const deleted = await tx.delete(foods).where(eq(foods.id, id)).returning({ id: foods.id });
    return { acknowledged: true as const, deletedCount: deleted.length };
  });
}
