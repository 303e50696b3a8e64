/**
 * A donor's recurring offers as anyone sees them (docs/api.md "Recurring offers"): the
 * active ones whose listing is shown (not held, hidden or of a banned donor), with the
 * local times of their pickup windows.
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { PublicRecurringOffer } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { templateOf } from './recurring.js';
import { pickupWindows, recurringOffers } from './schema.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** Most offers shown on one person's standing. */
const SHOWN_MAX = 20;

/** `donorId`'s active recurring offers whose listing is shown, newest first, as anyone sees them. */
export async function publicOffers(db: Database, donorId: string): Promise<PublicRecurringOffer[]> {
  const offers = await db
    .select()
    .from(recurringOffers)
    .where(and(eq(recurringOffers.donorId, donorId), eq(recurringOffers.status, 'Active')))
    .orderBy(desc(recurringOffers.createdAt))
    .limit(SHOWN_MAX);
  const shown: PublicRecurringOffer[] = [];
  for (const offer of offers) {
    const template = await templateOf(db, offer);
    if (!template || template.heldAt || template.hiddenAt || template.donorBannedUntil) continue;
    const windows = await db.select().from(pickupWindows).where(eq(pickupWindows.foodId, template.id)).orderBy(asc(pickupWindows.startsAt));
    const local = (at: Date) => dayjs(at).tz(offer.timeZone).format('HH:mm');
    shown.push({
      _id: offer.id,
      FoodName: template.name,
      Weekdays: offer.weekdays,
      ...(offer.until ? { Until: offer.until } : {}),
      TimeZone: offer.timeZone,
      Times: windows.map((w) => ({ Start: local(w.startsAt), End: local(w.endsAt) })),
    });
  }
  return shown;
}
