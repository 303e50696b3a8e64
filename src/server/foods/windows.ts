/**
 * Pickup windows of listings (docs/api.md "Pickup windows"): saving them with a
 * listing, reading them for answers with what each window has left, and the
 * acceptance rule "`PickupAt` lies in a window that is not full". Windows are instants;
 * a window is the half-open interval [Start, End), so touching windows share no instant.
 */
import { and, asc, eq, gte, inArray, lt, ne, sql } from 'drizzle-orm';
import type { PickupWindow, PickupWindowInput } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { requests } from '../db/schema/index.js';
import { problem } from '../http/problem.js';
import { pickupWindows } from './schema.js';

/** Request statuses whose `PickupAt` takes a place in a window. */
const TAKING = ['Accepted', 'Delivered'] as const;

/** The server's IANA time zone: the `TimeZone` of listings that name none (their dates are read in it too). */
export function serverTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
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
  const taken = sql<number>`case when ${pickupWindows.capacity} is null then 0 else (
    select count(*)::int from ${requests} r where r.food_id = ${pickupWindows.foodId}
      and r.status in ('Accepted', 'Delivered') and r.pickup_at >= ${pickupWindows.startsAt} and r.pickup_at < ${pickupWindows.endsAt}) end`;
  const rows = await db
    .select({ foodId: pickupWindows.foodId, startsAt: pickupWindows.startsAt, endsAt: pickupWindows.endsAt, capacity: pickupWindows.capacity, taken })
    .from(pickupWindows)
    .where(inArray(pickupWindows.foodId, foodIds))
    .orderBy(asc(pickupWindows.foodId), asc(pickupWindows.startsAt));
  for (const r of rows) {
    const list = found.get(r.foodId) ?? [];
    list.push({
      Start: r.startsAt.toISOString(),
      End: r.endsAt.toISOString(),
      ...(r.capacity === null ? {} : { Capacity: r.capacity, Left: Math.max(0, r.capacity - Number(r.taken)) }),
    });
    found.set(r.foodId, list);
  }
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
  if (!window) throw problem(409, 'PickupAt is outside every pickup window of this food.');
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
  if (Number(row!.n) >= window.capacity) throw problem(409, 'This pickup window is full: choose another one.');
}
