/**
 * What a pickup's calendar entry says (RFC 5545 VEVENT) and its `SEQUENCE`: the time
 * comes from the agreed `PickupAt` (until the end of its window, else 30 minutes), or
 * without one from the listing's next window, or the listing's last day as an all-day
 * entry. Each time an entry is handed out its fingerprint is compared with the last one
 * kept (`pickup_calendar_entries`); a change raises `SEQUENCE` (RFC 5545 §3.8.7.4), so a
 * calendar program replaces the entry instead of adding a second one.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { foods, requests } from '../db/schema/index.js';
import { windowsByFood } from '../foods/windows.js';
import { pickupCalendarEntries } from './schema.js';

export type RequestRow = typeof requests.$inferSelect;
export type FoodRow = typeof foods.$inferSelect;
export type EntryRow = typeof pickupCalendarEntries.$inferSelect;

/** Length of an entry at a `PickupAt` outside any window. */
const DEFAULT_MS = 30 * 60 * 1000;

/** Request statuses whose entry is a cancelled one (`METHOD:CANCEL`). */
const CANCELLED = new Set(['Declined', 'NoShow']);

/** An entry's time and state, before its `SEQUENCE` is settled. */
export interface EntryState {
  start: Date;
  end: Date;
  allDay: boolean;
  cancelled: boolean;
}

/**
 * The time of `row`'s entry with `food` (its listing) at instant `now`: see the module note.
 * All-day entries run from the last day's midnight UTC to the next (`DTSTART;VALUE=DATE`).
 */
export async function entryState(db: Database, row: RequestRow, food: FoodRow | undefined, now: Date): Promise<EntryState> {
  const cancelled = CANCELLED.has(row.status);
  const windows = food ? ((await windowsByFood(db, [food.id])).get(food.id) ?? []) : [];
  const span = windows.map((w) => ({ start: new Date(w.Start), end: new Date(w.End) }));
  if (row.pickupAt) {
    const t = row.pickupAt.getTime();
    const inside = span.find((w) => w.start.getTime() <= t && t < w.end.getTime());
    return { start: row.pickupAt, end: inside ? inside.end : new Date(t + DEFAULT_MS), allDay: false, cancelled };
  }
  const next = span.find((w) => w.end > now) ?? span.at(-1);
  if (next) return { ...next, allDay: false, cancelled };
  const day = new Date(`${row.expiresOn}T00:00:00Z`);
  return { start: day, end: new Date(day.getTime() + 86_400_000), allDay: true, cancelled };
}

/**
 * Keeps `state` as request `row`'s latest entry inside transaction `tx`: the first time
 * with `SEQUENCE` 0, afterwards raised by one whenever what the entry says (time, state,
 * food name, place text or exact point) differs from the last one handed out.
 * @returns the stored entry.
 */
export async function settleEntry(tx: Database, row: RequestRow, food: FoodRow | undefined, state: EntryState): Promise<EntryRow> {
  const fingerprint = JSON.stringify([
    state.start.toISOString(),
    state.end.toISOString(),
    state.allDay,
    state.cancelled,
    food?.name ?? row.foodName,
    food?.pickupLocation ?? row.pickupLocation,
    food?.lat ?? null,
    food?.lng ?? null,
  ]);
  const values = {
    requestId: row.id,
    donorId: row.donorId,
    requesterId: row.requesterId,
    foodName: food?.name ?? row.foodName,
    startsAt: state.start,
    endsAt: state.end,
    allDay: state.allDay,
    cancelled: state.cancelled,
    fingerprint,
  };
  await tx.insert(pickupCalendarEntries).values(values).onConflictDoNothing();
  const [kept] = await tx.select().from(pickupCalendarEntries).where(eq(pickupCalendarEntries.requestId, row.id)).for('update');
  if (kept!.fingerprint === fingerprint) return kept!;
  const [next] = await tx
    .update(pickupCalendarEntries)
    .set({ ...values, sequence: sql`${pickupCalendarEntries.sequence} + 1`, updatedAt: new Date() })
    .where(eq(pickupCalendarEntries.requestId, row.id))
    .returning();
  return next!;
}

/**
 * The entry of a request that no longer exists (cancelled by its requester, or its listing
 * withdrawn), marked cancelled with `SEQUENCE` raised once, inside `tx`; undefined when
 * no entry was ever handed out for `requestId`.
 */
export async function cancelGoneEntry(tx: Database, requestId: string): Promise<EntryRow | undefined> {
  const [kept] = await tx.select().from(pickupCalendarEntries).where(eq(pickupCalendarEntries.requestId, requestId)).for('update');
  if (!kept || kept.cancelled) return kept;
  const [next] = await tx
    .update(pickupCalendarEntries)
    .set({ cancelled: true, fingerprint: 'gone', sequence: kept.sequence + 1, updatedAt: new Date() })
    .where(eq(pickupCalendarEntries.requestId, requestId))
    .returning();
  return next;
}
