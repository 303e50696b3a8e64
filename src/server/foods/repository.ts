/**
 * Food listing queries (SPEC.md §3 Food, §7 `/foods`). Rows are mapped to the
 * spec's field names here so routes only speak the contract.
 */
import { and, asc, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Food } from '../../contract/index.js';
import type { SessionUser } from '../auth/plugin.js';
import type { Database } from '../db/client.js';
import { foods } from '../db/schema.js';
import { problem } from '../http/problem.js';

export type FoodRow = typeof foods.$inferSelect;

/** The fields a donor writes (contract `FoodInput` after parsing). */
export interface FoodFields {
  FoodName: string;
  FoodImage: string;
  FoodQuantity: number;
  PickupLocation: string;
  ExpiredDateTime: string;
  AdditionalNotes: string;
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

/** ORDER BY and the keyset condition of `order` (issue "Performance": served by a btree index, no sort). */
function keyset(order: FoodOrder, after: After | undefined): { orderBy: SQL[]; where?: SQL } {
  if (order === 'quantity') {
    return {
      orderBy: [desc(foods.quantity), desc(foods.id)],
      where: after && sql`(${foods.quantity}, ${foods.id}) < (${Number(after.key)}::integer, ${after.id}::uuid)`,
    };
  }
  const asc_ = order === 'dateAsc';
  return {
    orderBy: asc_ ? [asc(foods.expiresOn), asc(foods.id)] : [desc(foods.expiresOn), desc(foods.id)],
    where:
      after &&
      (asc_
        ? sql`(${foods.expiresOn}, ${foods.id}) > (${after.key}::date, ${after.id}::uuid)`
        : sql`(${foods.expiresOn}, ${foods.id}) < (${after.key}::date, ${after.id}::uuid)`),
  };
}

/**
 * The query of available listings, filtered by name substring (case-insensitive,
 * literal; served by the trigram index) and ordered, from `o.after` on. Exported
 * unexecuted so the EXPLAIN test checks the very SQL the API runs.
 */
export function availableFoodsQuery(db: Database, o: ListOptions) {
  const { orderBy, where: page } = keyset(o.order, o.after);
  const where: SQL[] = [gte(foods.expiresOn, o.availableOn)];
  const search = o.search?.trim();
  if (search) where.push(sql`${foods.name} ilike ${likePattern(search)}`);
  if (page) where.push(page);
  return db
    .select()
    .from(foods)
    .where(and(...where))
    .orderBy(...orderBy)
    .limit(o.limit);
}

/** Available listings (see {@link availableFoodsQuery}). */
export async function listAvailableFoods(db: Database, o: ListOptions): Promise<FoodRow[]> {
  return availableFoodsQuery(db, o);
}

/** The query of one donor's listings, expired ones included, latest expiry first, from `after` on. */
export function donorFoodsQuery(db: Database, donorId: string, limit: number, after?: After) {
  const { orderBy, where: page } = keyset('dateDesc', after);
  return db
    .select()
    .from(foods)
    .where(and(eq(foods.donorId, donorId), page))
    .orderBy(...orderBy)
    .limit(limit);
}

/** Every listing of one donor (see {@link donorFoodsQuery}). */
export async function listDonorFoods(db: Database, donorId: string, limit: number, after?: After): Promise<FoodRow[]> {
  return donorFoodsQuery(db, donorId, limit, after);
}

/** One listing by id, or undefined. */
export async function findFood(db: Database, id: string): Promise<FoodRow | undefined> {
  const [row] = await db.select().from(foods).where(eq(foods.id, id));
  return row;
}

function columns(input: FoodFields, donor: SessionUser) {
  return {
    name: input.FoodName,
    imageUrl: input.FoodImage,
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
    const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => next[k] !== row[k]);
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
