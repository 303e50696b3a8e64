/**
 * Pickup windows of listings (docs/api.md "Pickup windows"): saving them with a
 * listing, reading them for answers with what each window has left, and the
 * acceptance rule "`PickupAt` lies in a window that is not full". Windows are instants;
 * a window is the half-open interval [Start, End), so touching windows share no instant.
 */
import { and, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { PickupWindow, PickupWindowInput } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { foods, requests } from '../db/schema/index.js';
import { problem } from '../http/problem.js';
import { pickupWindows } from './schema.js';
import { TAKING, toWindows, viewColumns } from './views.js';


let zone: { tz: string | undefined; name: string } | undefined;

/**
 * The server's IANA time zone: the `TimeZone` of listings that name none (their dates are
 * read in it too). Kept until `process.env.TZ` changes: building an `Intl.DateTimeFormat`
 * to ask costs more than the rest of a listing's answer.
 */
export function serverTimeZone(): string {
  if (!zone || zone.tz !== process.env.TZ) zone = { tz: process.env.TZ, name: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC' };
  return zone.name;
}

/**
 * Replaces the windows of listing `foodId` with `windows` inside transaction `tx`.
 * @returns the end of the last window (for `foods.pickup_until`), or null without windows.
 */
export async function saveWindows(tx: Database, foodId: string, windows: PickupWindowInput[]): Promise<Date | null> {
  await tx.delete(pickupWindows).where(eq(pickupWindows.foodId, foodId));
  if (!windows.length) return null;
  await tx.insert(pickupWindows).values(
    windows.map((w) => ({ foodId, startsAt: new Date(w.Start), endsAt: new Date(w.End), capacity: w.Capacity ?? null })),
  );
  return new Date(Math.max(...windows.map((w) => Date.parse(w.End))));
}

/** True when the windows of a body (`next`) differ from the stored ones (`rows`, in start order). */
export function windowsDiffer(rows: PickupWindow[], next: PickupWindowInput[]): boolean {
  const key = (start: string, end: string, cap: number | undefined) => `${Date.parse(start)}-${Date.parse(end)}-${cap ?? ''}`;
  const a = rows.map((w) => key(w.Start, w.End, w.Capacity)).sort();
  const b = next.map((w) => key(w.Start, w.End, w.Capacity)).sort();
  return a.join() !== b.join();
}

/**
 * The windows of each of `foodIds`, in start order, as answered: UTC instants, and for a
 * window with a capacity what is left of it (accepted and delivered pickups in it taken).
 * One query for the whole page.
 */
export async function windowsByFood(db: Database, foodIds: string[]): Promise<Map<string, PickupWindow[]>> {
  const found = new Map<string, PickupWindow[]>();
  if (!foodIds.length) return found;
  const rows = await db
    .select({ id: foods.id, ...viewColumns(sql`${foods.id}`, false) })
    .from(foods)
    .where(inArray(foods.id, foodIds));
  for (const row of rows) if (row.windows) found.set(row.id, toWindows(row.windows));
  return found;
}

/**
 * Checks that request `requestId` may be picked up at `pickupAt` from listing `foodId`
 * (inside transaction `tx`, the listing row locked so acceptances take turns): a listing
 * without windows takes any time; otherwise `pickupAt` must lie in one of its windows,
 * and that window must have room (its accepted and delivered pickups, this request's
 * aside, fewer than its capacity).
 * @throws 409 outside every window or in a full one.
 */
export async function assertPickupFits(tx: Database, foodId: string, requestId: string, pickupAt: Date | null): Promise<void> {
  const windows = await tx.select().from(pickupWindows).where(eq(pickupWindows.foodId, foodId));
  if (!windows.length || !pickupAt) return;
  const t = pickupAt.getTime();
  const window = windows.find((w) => w.startsAt.getTime() <= t && t < w.endsAt.getTime());
  if (!window) throw problem(409, 'PickupAt is outside every pickup window of this food.', { code: 'outside_windows' });
  if (window.capacity === null) return;
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(requests)
    .where(
      and(
        eq(requests.foodId, foodId),
        ne(requests.id, requestId),
        inArray(requests.status, [...TAKING]),
        gte(requests.pickupAt, window.startsAt),
        lt(requests.pickupAt, window.endsAt),
      ),
    );
  if (Number(row!.n) >= window.capacity) throw problem(409, 'This pickup window is full: choose another one.', { code: 'window_full' });
}
