/**
 * Food listing reads and writes (SPEC.md §3 Food, §7 `/foods`); the list queries
 * are in `lists.ts`. Rows are mapped to the spec's field names here so routes only
 * speak the contract.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  OPEN_REQUEST_STATUSES,
  type Food,
  type FoodStatus,
  type LocationInput,
  type PickupWindow,
  type PickupWindowInput,
  type RecurrenceInput,
} from '../../contract/index.js';
import type { SessionUser } from '../auth/plugin.js';
import type { Database } from '../db/client.js';
import { stableStatement } from '../db/prepared.js';
import { foods, requests } from '../db/schema/index.js';
import { problem } from '../http/problem.js';
import { unproxied } from '../images/urls.js';
import { localToday } from '../lib/dates.js';
import type { Notifier } from '../notifications/notifier.js';
import { pointColumns, toLocation, type ExactPoint } from './points.js';
import { settleListing } from './lifecycle.js';
import { saveWindows, serverTimeZone, windowsByFood, windowsDiffer } from './windows.js';
import { setRecurrence } from './recurring.js';
import { announceListing } from './announce.js';
import { factAnswer, factColumns, sameFacts, type FactFields } from './facts.js';

export type FoodRow = typeof foods.$inferSelect;

/** The fields a donor writes (contract `FoodInput` after parsing). */
export interface FoodFields extends FactFields {
  FoodName: string;
  FoodImage: string;
  FoodQuantity: number;
  PickupLocation: string;
  ExpiredDateTime: string;
  AdditionalNotes: string;
  /** Undefined on an update keeps the listing's gallery. */
  FoodGallery?: string[];
  /** The pickup point; undefined on an update keeps the listing's point, null removes it. */
  Location?: LocationInput | null;
  /** Undefined on an update keeps the listing's weight, null clears it. */
  FoodWeightKg?: number | null;
  /** Undefined on an update keeps the listing's windows, `[]` removes them. */
  PickupWindows?: PickupWindowInput[];
  /** IANA zone; undefined keeps the listing's (or, new, the server's). */
  TimeZone?: string;
  /** Undefined keeps the listing's recurring offer as it is; null stops it (foods/recurring.ts). */
  Recurrence?: RecurrenceInput | null;
}

/** What a reader sees of a listing's place (see `exactPointVisibility` in points.ts). */
export interface PlaceView {
  /** The exact point instead of the public one: the listing's (`true`) or a hand-over's. */
  exactPoint?: ExactPoint | false;
  /** km from the searched point, when the list was a `near` search. */
  distanceKm?: number;
  /** The listing's pickup windows as answered (default none). */
  windows?: PickupWindow[];
}

/**
 * A listing's `FoodStatus` on `today` (`YYYY-MM-DD`, server's local date):
 * its stored status, except that an open listing whose date has passed is `Expired`
 * even before the expiry job stored it.
 */
export function foodStatus(row: Pick<FoodRow, 'status' | 'expiresOn'>, today: string): FoodStatus {
  if (row.status === 'Collected' || row.status === 'Expired') return row.status;
  return row.expiresOn < today ? 'Expired' : row.status;
}

/**
 * Maps a row to the API's `Food` as of `today` (for `FoodStatus`); `Donator.Email`
 * only when `showEmail` (views.ts `viewOf`: the donor, and requesters whose request the
 * donor took up, so neither paging the lists nor requesting and cancelling harvests
 * addresses), `Location` exact only when
 * `view.exactPoint`.
 */
export function toFood(row: FoodRow, showEmail: boolean, today: string, view: PlaceView = {}): Food {
  const location = toLocation(row, view.exactPoint);
  return {
    _id: row.id,
    FoodName: row.name,
    FoodImage: row.imageUrl,
    FoodQuantity: row.quantity,
    PickupLocation: row.pickupLocation,
    ExpiredDateTime: row.expiresOn,
    AdditionalNotes: row.notes,
    ...(row.gallery.length ? { FoodGallery: row.gallery } : {}),
    Donator: { Name: row.donorName, Image: row.donorImage, ...(showEmail ? { Email: row.donorEmail } : {}), _id: row.donorId },
    ...(location ? { Location: location } : {}),
    ...(view.distanceKm === undefined ? {} : { DistanceKm: view.distanceKm }),
    FoodStatus: foodStatus(row, today),
    ...(row.weightKg === null ? {} : { FoodWeightKg: row.weightKg }),
    // Lists never carry hidden listings; one listing reaches only its donor and moderators while hidden.
    ...(row.hiddenAt ? { Hidden: { Reason: row.hiddenReason ?? '', At: row.hiddenAt.toISOString() } } : {}),
    PickupWindows: view.windows ?? [],
    TimeZone: row.timeZone ?? serverTimeZone(),
    ...(row.seriesId ? { SeriesId: row.seriesId } : {}),
    ...factAnswer(row),
  };
}



/** One listing by id, or undefined. */
export async function findFood(db: Database, id: string): Promise<FoodRow | undefined> {
  const query = stableStatement(db, 'foods_row', (d, as) => d.select().from(foods).where(eq(foods.id, sql.placeholder('id'))).prepare(as));
  const [row] = await query.execute({ id });
  return row;
}

function columns(input: FoodFields, donor: SessionUser, secret: string | undefined) {
  return {
    ...pointColumns(input.Location, donor.id, secret),
    name: input.FoodName,
    imageUrl: unproxied(input.FoodImage),
    ...(input.FoodGallery ? { gallery: input.FoodGallery.map(unproxied) } : {}),
    ...(input.FoodWeightKg === undefined ? {} : { weightKg: input.FoodWeightKg }),
    quantity: input.FoodQuantity,
    pickupLocation: input.PickupLocation,
    expiresOn: input.ExpiredDateTime,
    notes: input.AdditionalNotes,
    donorId: donor.id,
    donorName: donor.name,
    donorImage: donor.image,
    donorEmail: donor.email,
    ...(input.TimeZone === undefined ? {} : { timeZone: input.TimeZone }),
  };
}

/**
 * Inserts a listing whose donor is `donor`, with its pickup windows, in one transaction;
 * `secret` (AUTH_SECRET) derives its public point, needed with a `Location`; `now` dates a
 * `Recurrence.Until` check; returns its id.
 */
export async function createFood(db: Database, input: FoodFields, donor: SessionUser, secret?: string, now = new Date()): Promise<string> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(foods).values({ ...columns(input, donor, secret), ...factColumns(input) }).returning({ id: foods.id });
    if (input.PickupWindows?.length) {
      const pickupUntil = await saveWindows(tx, row!.id, input.PickupWindows);
      await tx.update(foods).set({ pickupUntil }).where(eq(foods.id, row!.id));
    }
    if (input.Recurrence) await setRecurrence(tx, await requireFood(tx, row!.id), input.Recurrence, now);
    await announceListing(tx, row!.id);
    return row!.id;
  });
}

/**
 * A listing by id: the prepared read of {@link findFood}, or with `lock` a row
 * lock inside a transaction (`update` to change it, `share` to keep it while
 * depending on it).
 * @throws 404 when it does not exist.
 */
export async function requireFood(db: Database, id: string, lock?: 'update' | 'share'): Promise<FoodRow> {
  const row = lock ? (await db.select().from(foods).where(eq(foods.id, id)).for(lock))[0] : await findFood(db, id);
  if (!row) throw problem(404, 'No food listing has this id.');
  return row;
}

/**
 * A listing of `userId`'s own (DESIGN.md "The API": donors own their listings and
 * the requests for them), read as {@link requireFood}.
 * @throws 404 when it does not exist, 403 (`notYours`) when `userId` is not its donor.
 */
export async function requireOwnFood(
  db: Database,
  id: string,
  userId: string,
  { lock, notYours = 'This food listing is not yours.' }: { lock?: 'update'; notYours?: string } = {},
): Promise<FoodRow> {
  const row = await requireFood(db, id, lock);
  if (row.donorId !== userId) throw problem(403, notYours, { code: 'not_yours' });
  return row;
}

/**
 * Replaces a donor's listing (SPEC.md §7 PUT /foods/{id}) at instant `now`; one
 * transaction with its pickup windows (absent: kept). An expired listing given a date
 * from today on (server's local date) and no last window before `now` is open again.
 * `secret` as for `createFood`.
 * @returns Mongo-style counts: `modifiedCount` is 0 when nothing changed.
 * @throws 404 / 403 as `requireOwnFood`.
 */
export async function updateFood(db: Database, id: string, input: FoodFields, donor: SessionUser, now: Date, secret?: string) {
  const today = localToday(now);
  return db.transaction(async (tx) => {
    const row = await requireOwnFood(tx, id, donor.id, { lock: 'update' });
    const next: ReturnType<typeof columns> & { pickupUntil?: Date | null } = columns(input, donor, secret);
    const facts = factColumns(input, row);
    const windowsChanged = input.PickupWindows !== undefined && windowsDiffer((await windowsByFood(tx, [id])).get(id) ?? [], input.PickupWindows);
    if (windowsChanged) next.pickupUntil = await saveWindows(tx, id, input.PickupWindows!);
    const changed =
      windowsChanged ||
      !sameFacts(facts, row) ||
      (Object.keys(next) as (keyof typeof next)[]).some((k) =>
        k === 'gallery' ? next.gallery!.join('\n') !== row.gallery.join('\n') : next[k] !== row[k],
      );
    if (changed) await tx.update(foods).set({ ...next, ...facts, updatedAt: new Date() }).where(eq(foods.id, id));
    const recurrenceChanged = await setRecurrence(tx, changed ? await requireFood(tx, id) : row, input.Recurrence, now);
    const pickupUntil = next.pickupUntil === undefined ? row.pickupUntil : next.pickupUntil;
    // An expired listing opens again with a date from today on and, when it has windows, one still to come.
    if (row.status === 'Expired' && (pickupUntil === null || pickupUntil > now)) await settleListing(tx, { ...row, expiresOn: next.expiresOn }, today);
    return { acknowledged: true as const, matchedCount: 1, modifiedCount: changed || recurrenceChanged ? 1 : 0 };
  });
}

/**
 * Deletes (withdraws) a donor's listing and, by cascade, its requests; one
 * transaction, which also tells each requester with an open request.
 * @throws 404 / 403 as `requireOwnFood`.
 */
export async function deleteFood(db: Database, id: string, userId: string, notifier: Notifier) {
  return db.transaction(async (tx) => {
    await requireOwnFood(tx, id, userId, { lock: 'update' });
    const open = await tx.select().from(requests).where(and(eq(requests.foodId, id), inArray(requests.status, OPEN_REQUEST_STATUSES)));
    await notifier.foodDeleted(tx, open);
    const deleted = await tx.delete(foods).where(eq(foods.id, id)).returning({ id: foods.id });
    return { acknowledged: true as const, deletedCount: deleted.length };
  });
}
