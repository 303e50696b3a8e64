/**
 * Pickups as calendar entries for one viewer (the donor or the requester): the file of
 * one request and the feed of one person's pickups. The place is the listing's text and
 * the point the viewer may see (foods/points.ts `exactPointVisibility`: exact for the donor
 * and the accepted requester, otherwise the public, approximate one).
 */
import { and, desc, eq, gt, inArray, isNotNull, isNull, or, sql } from 'drizzle-orm';
import { PAGES, conversationPath, manageFoodPath } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { foods, requests } from '../db/schema/index.js';
import { exactPointVisibility, toLocation } from '../foods/points.js';
import { cancelGoneEntry, entryState, settleEntry, type EntryRow, type FoodRow, type RequestRow } from './entries.js';
import type { ViewedEntry } from './ics.js';
import type { Locale } from '../../contract/index.js';
import { pickupWords, sayCalendar } from './texts.js';
import { pickupCalendarEntries } from './schema.js';

/** How far back a feed reaches (pickups and cancellations). */
const FEED_PAST_MS = 14 * 24 * 60 * 60 * 1000;
/** Most entries in one feed. */
const FEED_MAX = 200;

/** Settles the entries of `rows` (with their listings) and words them for `viewerId` in `locale`; one transaction each. */
export async function view(db: Database, viewerId: string, rows: RequestRow[], now: Date, publicUrl: string, locale: Locale): Promise<ViewedEntry[]> {
  if (!rows.length) return [];
  const foodRows = await db.select().from(foods).where(inArray(foods.id, [...new Set(rows.map((r) => r.foodId))]));
  const byId = new Map(foodRows.map((f) => [f.id, f]));
  const exact = await exactPointVisibility(db, viewerId, foodRows, now);
  const out: ViewedEntry[] = [];
  for (const row of rows) {
    const food: FoodRow | undefined = byId.get(row.foodId);
    const entry = await db.transaction(async (tx) => settleEntry(tx, row, food, await entryState(tx, row, food, now)));
    const asDonor = row.donorId === viewerId;
    const name = food?.name ?? row.foodName;
    const point = food ? toLocation(food, exact(food)) : undefined;
    const place = food?.pickupLocation ?? row.pickupLocation;
    out.push({
      entry,
      ...pickupWords(locale, asDonor, { foodName: name, donorName: row.donorName, requesterName: row.requesterName }),
      place: {
        text: point?.Approximate ? sayCalendar(locale, 'approximate', { place }) : place,
        ...(point ? { point: { Lat: point.Lat, Lng: point.Lng } } : {}),
      },
      url: `${publicUrl}${asDonor ? manageFoodPath(row.foodId) : conversationPath(row.id)}`,
    });
  }
  return out;
}

/** A cancelled entry whose request is gone, for `viewerId` in `locale`. */
function goneView(entry: EntryRow, viewerId: string, publicUrl: string, locale: Locale): ViewedEntry {
  return {
    entry,
    summary: sayCalendar(locale, entry.donorId === viewerId ? 'cancelled.donor' : 'cancelled.requester', { foodName: entry.foodName }),
    description: sayCalendar(locale, 'cancelled.description'),
    url: `${publicUrl}${entry.donorId === viewerId ? PAGES.manageMyFoods.path : PAGES.myFoodRequests.path}`,
  };
}

/**
 * The calendar entry of request `id` for `viewerId` at `now`, worded in `locale`: undefined when the viewer is
 * neither its donor nor its requester (or no such request ever had an entry), `pending`
 * while no pickup is agreed yet.
 */
export async function requestEntry(
  db: Database,
  id: string,
  viewerId: string,
  now: Date,
  publicUrl: string,
  locale: Locale,
): Promise<ViewedEntry | 'pending' | undefined> {
  const [row] = await db.select().from(requests).where(eq(requests.id, id));
  if (!row) {
    const gone = await db.transaction((tx) => cancelGoneEntry(tx, id));
    return gone && (gone.donorId === viewerId || gone.requesterId === viewerId) ? goneView(gone, viewerId, publicUrl, locale) : undefined;
  }
  if (row.donorId !== viewerId && row.requesterId !== viewerId) return undefined;
  // A request held after an account takeover is not shown to its donor (account/held.ts).
  if (row.heldAt && row.donorId === viewerId) return undefined;
  if (row.acceptedAt === null) return 'pending';
  return (await view(db, viewerId, [row], now, publicUrl, locale))[0];
}

/**
 * `viewerId`'s feed at `now`: the pickups they agreed as donor or requester (accepted,
 * delivered, or declined or missed after acceptance, those as cancelled) from
 * `FEED_PAST_MS` ago on, and entries of requests since cancelled or withdrawn; at most
 * `FEED_MAX`, latest first; worded in `locale`.
 */
export async function feedEntries(db: Database, viewerId: string, now: Date, publicUrl: string, locale: Locale): Promise<ViewedEntry[]> {
  const since = new Date(now.getTime() - FEED_PAST_MS);
  const rows = await db
    .select()
    .from(requests)
    .where(
      and(
        or(and(eq(requests.donorId, viewerId), isNull(requests.heldAt)), eq(requests.requesterId, viewerId)),
        isNotNull(requests.acceptedAt),
        gt(sql`coalesce(${requests.pickupAt}, ${requests.acceptedAt})`, since),
      ),
    )
    .orderBy(desc(sql`coalesce(${requests.pickupAt}, ${requests.acceptedAt})`))
    .limit(FEED_MAX);
  const gone = await db
    .select({ entry: pickupCalendarEntries })
    .from(pickupCalendarEntries)
    .leftJoin(requests, eq(requests.id, pickupCalendarEntries.requestId))
    .where(
      and(
        isNull(requests.id),
        or(eq(pickupCalendarEntries.donorId, viewerId), eq(pickupCalendarEntries.requesterId, viewerId)),
        gt(pickupCalendarEntries.endsAt, since),
      ),
    )
    .limit(FEED_MAX);
  const cancelled: ViewedEntry[] = [];
  for (const g of gone) {
    const entry = await db.transaction((tx) => cancelGoneEntry(tx, g.entry.requestId));
    if (entry) cancelled.push(goneView(entry, viewerId, publicUrl, locale));
  }
  return [...(await view(db, viewerId, rows, now, publicUrl, locale)), ...cancelled];
}
