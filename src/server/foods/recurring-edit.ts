/**
 * Changing a recurring offer after it was made (docs/api.md "Recurring offers"): pausing,
 * resuming or stopping it, and new weekdays or end. Only the days the scheduler makes from
 * then on follow the change; the listings already made stay as they are.
 */
import { eq } from 'drizzle-orm';
import type { RecurringOfferChange } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { problem } from '../http/problem.js';
import { assertUntil } from './recurring-until.js';
import { recurringOffers } from './schema.js';

/**
 * Applies `change` to `donorId`'s offer `id` (one transaction) at instant `now`.
 * @returns Mongo-style counts. @throws 404 not found or not theirs, 409 changing a stopped offer,
 * 400 a new end before the offer's first day or before today (recurring-until.ts).
 */
export async function changeOffer(db: Database, id: string, donorId: string, change: RecurringOfferChange, now: Date) {
  return db.transaction(async (tx) => {
    const [offer] = await tx.select().from(recurringOffers).where(eq(recurringOffers.id, id)).for('update');
    if (!offer || offer.donorId !== donorId) throw problem(404, 'No recurring offer of yours has this id.');
    const next = {
      status: change.Status ?? offer.status,
      weekdays: change.Weekdays ? [...change.Weekdays].sort() : offer.weekdays,
      until: change.Until === undefined ? offer.until : change.Until,
    };
    const same = next.status === offer.status && next.weekdays.join() === offer.weekdays.join() && next.until === offer.until;
    if (same) return { acknowledged: true as const, matchedCount: 1, modifiedCount: 0 };
    if (offer.status === 'Stopped') throw problem(409, 'This recurring offer is stopped: make a new one instead.', { code: 'offer_stopped' });
    if (next.until !== offer.until) assertUntil(next.until, { anchorOn: offer.anchorOn, tz: offer.timeZone, now, field: 'Until' });
    await tx.update(recurringOffers).set({ ...next, updatedAt: new Date() }).where(eq(recurringOffers.id, id));
    return { acknowledged: true as const, matchedCount: 1, modifiedCount: 1 };
  });
}
