/**
 * A new listing's announcement: one outbox task (outbox.ts `enqueueTask`) written in
 * the listing's own transaction, so the features that match new listings (saved
 * searches, src/server/alerts; anything else that registers) run after its commit,
 * in the outbox worker, and cost the donor's write one small insert.
 */
import { enqueueTask, type DbOrTx } from '../outbox/outbox.js';

/** The outbox task name of a new listing; its payload is {@link ListingCreated}. */
export const LISTING_CREATED_TASK = 'listing.created';

/** The payload of a `listing.created` task. */
export interface ListingCreated {
  foodId: string;
}

/** Queues the `listing.created` task of listing `foodId` through `tx`, the transaction that made it. */
export async function announceListing(tx: DbOrTx, foodId: string): Promise<void> {
  const payload: ListingCreated = { foodId };
  await enqueueTask(tx, LISTING_CREATED_TASK, payload);
}
