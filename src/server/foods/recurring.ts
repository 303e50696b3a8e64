/**
 * Recurring offers (docs/api.md "Recurring offers"): a donor's listing repeated on chosen
 * weekdays, each day its own listing with its own requests. The scheduler (`makeOccurrences`,
 * run by the lifecycle sweep) makes each day up to `AHEAD_DAYS` ahead as a copy of the
 * offer's source listing, its windows moved to that day at the same local times in the
 * offer's IANA zone (so 18:30 stays 18:30 across a daylight-saving change). A day is made
 * once however many processes run: its row in `recurring_occurrences` (primary key offer,
 * day) is inserted first in the transaction that makes the listing; a second process waits
 * on that key and then inserts nothing.
 */
import dayjs from 'dayjs';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { RecurrenceInput, RecurringOffer } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { foods } from '../db/schema/index.js';
import { recurringOccurrences, recurringOffers, pickupWindows } from './schema.js';
import { problem } from '../http/problem.js';
import { serverTimeZone } from './windows.js';
import { announceListing } from './announce.js';
import { assertUntil, localDate } from './recurring-until.js';

// dayjs's utc and timezone plugins are extended in recurring-until.ts.

/** Days ahead (after today in the offer's zone) the scheduler makes listings for. */
export const AHEAD_DAYS = 7;
/** Offers one scheduler run handles at most (the next run takes the rest). */
const BATCH = 200;

type FoodRow = typeof foods.$inferSelect;
type OfferRow = typeof recurringOffers.$inferSelect;

/** Whole days from `a` to `b` (`YYYY-MM-DD`). */
const daysBetween = (a: string, b: string) => Math.round((Date.parse(`${b}T00:00:00Z`) - Date.parse(`${a}T00:00:00Z`)) / 86_400_000);
const plusDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000).toISOString().slice(0, 10);
/** ISO weekday (1 = Monday … 7 = Sunday) of `day`. */
const isoWeekday = (day: string) => ((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7) + 1;

/** The day a listing stands for: its first window's local date, else its expiry date. */
async function anchorOf(tx: Database, food: FoodRow, tz: string): Promise<string> {
  const [first] = await tx.select().from(pickupWindows).where(eq(pickupWindows.foodId, food.id)).orderBy(pickupWindows.startsAt).limit(1);
  return first ? localDate(first.startsAt, tz) : food.expiresOn;
}

/**
 * Sets the recurrence of listing `food` (its row after the write) inside `tx` at instant
 * `now`: `null` stops its offer; an object updates the offer's weekdays and end, or makes
 * the listing the source of a new offer (the listing joins it). Undefined changes nothing.
 * @returns true when the offer changed. @throws 400 naming `Recurrence.Until` for an end
 * before the offer's first day or today (recurring-until.ts), 409 changing a stopped offer.
 */
export async function setRecurrence(tx: Database, food: FoodRow, recurrence: RecurrenceInput | null | undefined, now: Date): Promise<boolean> {
  if (recurrence === undefined) return false;
  if (recurrence === null) {
    if (!food.seriesId) return false;
    const stopped = await tx
      .update(recurringOffers)
      .set({ status: 'Stopped', updatedAt: new Date() })
      .where(and(eq(recurringOffers.id, food.seriesId), sql`${recurringOffers.status} <> 'Stopped'`))
      .returning({ id: recurringOffers.id });
    return stopped.length > 0;
  }
  const weekdays = [...recurrence.Weekdays].sort();
  const until = recurrence.Until ?? null;
  if (food.seriesId) {
    const [offer] = await tx.select().from(recurringOffers).where(eq(recurringOffers.id, food.seriesId)).for('update');
    if (offer?.status === 'Stopped') throw problem(409, 'This recurring offer is stopped: make a new one instead.', { code: 'offer_stopped' });
    if (offer && until !== offer.until) assertUntil(until, { anchorOn: offer.anchorOn, tz: offer.timeZone, now, field: 'Recurrence.Until' });
    const changed = await tx
      .update(recurringOffers)
      .set({ weekdays, until, updatedAt: new Date() })
      .where(and(eq(recurringOffers.id, food.seriesId), sql`(${recurringOffers.weekdays} <> ${`{${weekdays.join(',')}}`}::int[] or ${recurringOffers.until} is distinct from ${until}::date)`))
      .returning({ id: recurringOffers.id });
    return changed.length > 0;
  }
  const tz = food.timeZone ?? serverTimeZone();
  const anchorOn = await anchorOf(tx, food, tz);
  assertUntil(until, { anchorOn, tz, now, field: 'Recurrence.Until' });
  const [offer] = await tx
    .insert(recurringOffers)
    .values({ donorId: food.donorId, sourceFoodId: food.id, weekdays, until, timeZone: tz, anchorOn })
    .returning({ id: recurringOffers.id });
  await tx.insert(recurringOccurrences).values({ seriesId: offer!.id, occursOn: anchorOn, foodId: food.id });
  await tx.update(foods).set({ seriesId: offer!.id }).where(eq(foods.id, food.id));
  return true;
}

/** The listing an offer copies: its source, or the newest of its listings left. */
export async function templateOf(tx: Database, offer: OfferRow): Promise<FoodRow | undefined> {
  if (offer.sourceFoodId) {
    const [source] = await tx.select().from(foods).where(eq(foods.id, offer.sourceFoodId));
    if (source) return source;
  }
  const [newest] = await tx.select().from(foods).where(eq(foods.seriesId, offer.id)).orderBy(desc(foods.createdAt)).limit(1);
  return newest;
}

/**
 * Makes the listing of `offer` for `day` from `template` inside `tx`, unless that day exists:
 * the occurrence row first (primary key), then the copy and its windows shifted from the
 * template's day to `day` at the same local wall-clock times.
 * @returns true when this call made it.
 */
async function makeDay(tx: Database, offer: OfferRow, template: FoodRow, day: string): Promise<boolean> {
  const claimed = await tx.insert(recurringOccurrences).values({ seriesId: offer.id, occursOn: day }).onConflictDoNothing().returning();
  if (!claimed.length) return false;
  const tz = offer.timeZone;
  const from = await anchorOf(tx, template, tz);
  const shift = daysBetween(from, day);
  const [made] = await tx
    .insert(foods)
    .values({
      name: template.name,
      imageUrl: template.imageUrl,
      gallery: template.gallery,
      quantity: template.quantity,
      pickupLocation: template.pickupLocation,
      notes: template.notes,
      lat: template.lat,
      lng: template.lng,
      publicLat: template.publicLat,
      publicLng: template.publicLng,
      weightKg: template.weightKg,
      category: template.category,
      diet: template.diet,
      allergens: template.allergens,
      allergenFree: template.allergenFree,
      donorId: template.donorId,
      donorName: template.donorName,
      donorImage: template.donorImage,
      donorEmail: template.donorEmail,
      timeZone: tz,
      expiresOn: plusDays(template.expiresOn, shift),
      seriesId: offer.id,
    })
    .returning({ id: foods.id });
  const windows = await tx.select().from(pickupWindows).where(eq(pickupWindows.foodId, template.id));
  const moved = windows.map((w) => {
    const local = (at: Date) => dayjs(at).tz(tz);
    const at = (d: dayjs.Dayjs) => dayjs.tz(`${plusDays(d.format('YYYY-MM-DD'), shift)}T${d.format('HH:mm:ss')}`, tz).toDate();
    return { foodId: made!.id, startsAt: at(local(w.startsAt)), endsAt: at(local(w.endsAt)), capacity: w.capacity };
  });
  if (moved.length) {
    await tx.insert(pickupWindows).values(moved);
    const pickupUntil = new Date(Math.max(...moved.map((w) => w.endsAt.getTime())));
    await tx.update(foods).set({ pickupUntil }).where(eq(foods.id, made!.id));
  }
  await tx.update(recurringOccurrences).set({ foodId: made!.id }).where(and(eq(recurringOccurrences.seriesId, offer.id), eq(recurringOccurrences.occursOn, day)));
  await announceListing(tx, made!.id);
  return true;
}

/**
 * The scheduler: for every active offer, makes each day from today to `AHEAD_DAYS` ahead
 * (in the offer's zone, at instant `now`) that is after its source's day, on one of its
 * weekdays and not after its end; one transaction per day, skipped when already made.
 * An offer past its end is stopped. Offers of held, hidden or banned donors' sources are
 * skipped while their newest listing is withheld.
 * @returns how many listings this run made.
 */
export async function makeOccurrences(db: Database, now: Date): Promise<number> {
  const offers = await db.select().from(recurringOffers).where(eq(recurringOffers.status, 'Active')).limit(BATCH);
  let made = 0;
  for (const offer of offers) {
    const today = localDate(now, offer.timeZone);
    if (offer.until && offer.until < today) {
      await db.update(recurringOffers).set({ status: 'Stopped', updatedAt: now }).where(and(eq(recurringOffers.id, offer.id), eq(recurringOffers.status, 'Active')));
      continue;
    }
    for (let i = 0; i <= AHEAD_DAYS; i++) {
      const day = plusDays(today, i);
      if (day <= offer.anchorOn || (offer.until && day > offer.until) || !offer.weekdays.includes(isoWeekday(day))) continue;
      const done = await db.transaction(async (tx) => {
        // Re-read under a lock: a pause or stop committed meanwhile wins.
        const [current] = await tx.select().from(recurringOffers).where(eq(recurringOffers.id, offer.id)).for('share');
        if (current?.status !== 'Active') return false;
        const template = await templateOf(tx, current);
        if (!template || template.heldAt || template.hiddenAt || template.donorBannedUntil) return false;
        return makeDay(tx, current, template, day);
      });
      if (done) made++;
    }
  }
  return made;
}

/** `donorId`'s recurring offers, newest first, as answered. */
export async function listOffers(db: Database, donorId: string): Promise<RecurringOffer[]> {
  const rows = await db
    .select({ offer: recurringOffers, name: sql<string | null>`(select name from ${foods} f where f.id = ${recurringOffers.sourceFoodId})` })
    .from(recurringOffers)
    .where(eq(recurringOffers.donorId, donorId))
    .orderBy(desc(recurringOffers.createdAt));
  return rows.map(({ offer, name }) => ({
    _id: offer.id,
    FoodName: name ?? '',
    Weekdays: offer.weekdays,
    ...(offer.until ? { Until: offer.until } : {}),
    TimeZone: offer.timeZone,
    Status: offer.status,
    ...(offer.sourceFoodId ? { FoodId: offer.sourceFoodId } : {}),
  }));
}
