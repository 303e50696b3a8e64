/**
 * The scheduled work, run by every server process (plugin.ts): expiring
 * listings past their date or their last pickup window, the 1-hour pickup reminder, the "Was it collected?"
 * question, and the deletion of long-expired Wanted posts. Each job claims its rows with one conditional `UPDATE … RETURNING` in a
 * transaction that also writes the notifications (and outbox mails): a second process
 * running the same job skips or waits on the row locks, re-checks the condition and
 * finds nothing, so each notice goes out exactly once however many processes run, and
 * a restart simply runs the jobs again. Time comes from the `now` argument (the app's
 * injectable clock), never from the database's clock.
 */
import { and, eq, getTableColumns, inArray, isNull, lt, lte, or, sql } from 'drizzle-orm';
import { LISTED_FOOD_STATUSES, OPEN_REQUEST_STATUSES } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { foods, listedStatus, requests } from '../db/schema/index.js';
import { localToday } from '../lib/dates.js';
import type { Notifier } from '../notifications/notifier.js';
import { pruneCounters } from '../http/limits.js';
import { makeOccurrences } from '../foods/recurring.js';
import { pickupWindows } from '../foods/schema.js';
import { deleteExpiredWanted } from '../wanted/expiry.js';

/**
 * An edge of the first window of a request's listing still open when it was accepted: its
 * start (when the pickup begins) or its end (when it is over), for a request with no time.
 */
const firstWindow = (edge: 'starts_at' | 'ends_at') =>
  sql`(select w.${sql.raw(edge)} from ${pickupWindows} w where w.food_id = ${requests.foodId} and w.ends_at > ${requests.acceptedAt} order by w.starts_at limit 1)`;

/** When an accepted pickup begins: the agreed `PickupAt`, else the time the requester chose, else its window's start. */
const pickupBegins = sql`coalesce(${requests.pickupAt}, ${requests.requestedPickupAt}, ${firstWindow('starts_at')})`;
/** When an accepted pickup is over: its time as above, else its window's end, else the acceptance. */
const pickupOver = sql`coalesce(${requests.pickupAt}, ${requests.requestedPickupAt}, ${firstWindow('ends_at')}, ${requests.acceptedAt})`;

/** The reminder comes this long before the pickup begins (`pickupBegins`). */
export const REMINDER_BEFORE_MS = 60 * 60 * 1000;
/** "Was it collected?" comes this long after the pickup is over (`pickupOver`). */
export const CHECK_AFTER_MS = 24 * 60 * 60 * 1000;
/** Listings one run of the expiry job takes at most (the next run takes the rest). */
const BATCH = 100;

/** What one run did: listings expired, reminders and questions sent. */
export interface SweepResult {
  expired: number;
  reminded: number;
  asked: number;
  /** Listings of recurring offers made (foods/recurring.ts). */
  made: number;
  /** Wanted posts deleted, `WANTED.keepExpiredDays` after their expiry (wanted/expiry.ts). */
  wantedDeleted: number;
}

/**
 * Listings still Available or Reserved whose expiry date is before `now`'s local date,
 * or whose last pickup window ended by `now`, become `Expired`; the donor and every open
 * requester are told.
 */
export async function expireListings(db: Database, now: Date, notifier: Notifier): Promise<number> {
  const today = localToday(now);
  return db.transaction(async (tx) => {
    const due = tx
      .select({ id: foods.id })
      .from(foods)
      .where(and(listedStatus(foods.status), or(lt(foods.expiresOn, today), lte(foods.pickupUntil, now))))
      .limit(BATCH)
      .for('update', { skipLocked: true });
    const expired = await tx
      .update(foods)
      .set({ status: 'Expired', updatedAt: now })
      .where(and(sql`${foods.id} in (${due})`, inArray(foods.status, LISTED_FOOD_STATUSES)))
      .returning({ id: foods.id, name: foods.name, donorId: foods.donorId });
    for (const food of expired) {
      const open = await tx.select().from(requests).where(and(eq(requests.foodId, food.id), inArray(requests.status, OPEN_REQUEST_STATUSES)));
      await notifier.foodExpired(tx, food, open);
    }
    return expired.length;
  });
}

/** Accepted requests whose pickup begins (`pickupBegins`) within the next hour get their reminder, saying that time, once. */
export async function remindPickups(db: Database, now: Date, notifier: Notifier): Promise<number> {
  const from = now.toISOString();
  const until = new Date(now.getTime() + REMINDER_BEFORE_MS).toISOString();
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(requests)
      .set({ remindedAt: now })
      .where(
        and(
          eq(requests.status, 'Accepted'),
          isNull(requests.remindedAt),
          sql`${pickupBegins} > ${from}::timestamptz and ${pickupBegins} <= ${until}::timestamptz`,
        ),
      )
      .returning({ ...getTableColumns(requests), begins: sql`${pickupBegins}`.mapWith((v: string | Date) => new Date(v)) });
    for (const { begins, ...r } of rows) await notifier.pickupReminder(tx, r, begins);
    return rows.length;
  });
}

/** Accepted requests 24 hours past the end of their pickup (`pickupOver`) ask the donor "Was it collected?", once. */
export async function askCollected(db: Database, now: Date, notifier: Notifier): Promise<number> {
  const before = new Date(now.getTime() - CHECK_AFTER_MS).toISOString();
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(requests)
      .set({ askedAt: now })
      .where(and(eq(requests.status, 'Accepted'), isNull(requests.askedAt), sql`${pickupOver} <= ${before}::timestamptz`))
      .returning();
    for (const r of rows) await notifier.pickupCheck(tx, r);
    return rows.length;
  });
}

/** Runs the jobs once at instant `now` (expiry, reminders, questions, recurring offers' listings, long-expired Wanted posts), and deletes the limit counters whose window has ended (real time, as they count). */
export async function sweep(db: Database, now: Date, notifier: Notifier): Promise<SweepResult> {
  const result = {
    expired: await expireListings(db, now, notifier),
    reminded: await remindPickups(db, now, notifier),
    asked: await askCollected(db, now, notifier),
    made: await makeOccurrences(db, now),
    wantedDeleted: await deleteExpiredWanted(db, now),
  };
  await pruneCounters(db);
  return result;
}
