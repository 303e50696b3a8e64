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

export interface ListOptions {
  /** `quantity`: largest first (featured); `dateAsc`/`dateDesc`: by expiry date. */
  order: 'quantity' | 'dateAsc' | 'dateDesc';
  search?: string;
  limit: number;
  /** `YYYY-MM-DD`: listings expiring before this day are left out. */
  availableOn: string;
}

/** Available listings, filtered by name substring (case-insensitive) and ordered. */
export async function listAvailableFoods(db: Database, o: ListOptions): Promise<FoodRow[]> {
  const where: SQL[] = [gte(foods.expiresOn, o.availableOn)];
  const search = o.search?.trim();
  if (search) where.push(sql`${foods.name} ilike ${likePattern(search)}`);
  const orderBy =
    o.order === 'quantity'
      ? [desc(foods.quantity), asc(foods.id)]
      : o.order === 'dateAsc'
        ? [asc(foods.expiresOn), asc(foods.id)]
        : [desc(foods.expiresOn), asc(foods.id)];
  return db
    .select()
    .from(foods)
    .where(and(...where))
    .orderBy(...orderBy)
    .limit(o.limit);
}

/** Every listing of one donor, expired ones included, latest expiry first. */
export async function listDonorFoods(db: Database, donorId: string, limit: number): Promise<FoodRow[]> {
  return db
    .select()
    .from(foods)
    .where(eq(foods.donorId, donorId))
    .orderBy(desc(foods.expiresOn), asc(foods.id))
    .limit(limit);
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
