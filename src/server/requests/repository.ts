/**
 * Food request queries and state rules (SPEC.md §3 Request, §4 Request Status;
 * DESIGN.md "The API"): a request copies its food and donor at creation, starts
 * `Pending`, may be marked `Delivered` by the donor, and cancelled (deleted) by
 * its requester only while `Pending`.
 */
import { and, desc, eq } from 'drizzle-orm';
import type { FoodRequest } from '../../contract/index.js';
import type { SessionUser } from '../auth/plugin.js';
import type { Database } from '../db/client.js';
import { requests } from '../db/schema/index.js';
import { requireFood, requireOwnFood } from '../foods/repository.js';
import { BLOCKED_REFUSAL } from '../blocks/repository.js';
import { problem } from '../http/problem.js';
import { isBlockedBetween, isFoodWithheld } from '../moderation/visibility.js';
import type { Notifier } from '../notifications/notifier.js';

export type RequestRow = typeof requests.$inferSelect;

/** Maps a row to the API's `FoodRequest`; `RequestDate` as an ISO 8601 UTC instant. */
export function toFoodRequest(row: RequestRow): FoodRequest {
  return {
    _id: row.id,
    FoodId: row.foodId,
    FoodName: row.foodName,
    FoodImage: row.foodImage,
    PickupLocation: row.pickupLocation,
    ExpiredDateTime: row.expiresOn,
    Donator: { Email: row.donorEmail, Name: row.donorName, Image: row.donorImage, _id: row.donorId },
    AdditionalNotes: row.notes,
    DonationMoney: row.donationMoney,
    Requester: { Email: row.requesterEmail, Name: row.requesterName, Image: row.requesterImage, _id: row.requesterId },
    RequestDate: row.requestedAt.toISOString(),
    Status: row.status,
  };
}

/**
 * Creates a `Pending` request by `requester` for a food; one transaction.
 * @param today `YYYY-MM-DD`, the server's local date.
 * @returns the new request's id.
 * @throws 404 unknown food; 409 own food, expired food, or a pending request already exists.
 */
export async function createRequest(
  db: Database,
  input: { FoodId: string; AdditionalNotes: string; DonationMoney: string },
  requester: SessionUser,
  today: string,
  notifier: Notifier,
): Promise<string> {
  return db.transaction(async (tx) => {
    const food = await requireFood(tx, input.FoodId, 'share');
    // Issue 19: a hidden listing or a banned donor's is unknown; a block between them is refused neutrally.
    if (food.donorId !== requester.id && isFoodWithheld(food)) throw problem(404, 'No food listing has this id.');
    if (await isBlockedBetween(tx, food.donorId, requester.id)) throw problem(409, BLOCKED_REFUSAL);
    if (food.donorId === requester.id) throw problem(409, 'You cannot request your own food.');
    if (food.expiresOn < today) throw problem(409, 'This food has expired and can no longer be requested.');
    const [pending] = await tx
      .select({ id: requests.id })
      .from(requests)
      .where(and(eq(requests.foodId, food.id), eq(requests.requesterId, requester.id), eq(requests.status, 'Pending')));
    if (pending) throw problem(409, 'You already have a pending request for this food.');
    const [row] = await tx
      .insert(requests)
      .values({
        foodId: food.id,
        foodName: food.name,
        foodImage: food.imageUrl,
        pickupLocation: food.pickupLocation,
        expiresOn: food.expiresOn,
        donorId: food.donorId,
        donorName: food.donorName,
        donorImage: food.donorImage,
        donorEmail: food.donorEmail,
        notes: input.AdditionalNotes,
        donationMoney: input.DonationMoney,
        requesterId: requester.id,
        requesterName: requester.name,
        requesterImage: requester.image,
        requesterEmail: requester.email,
      })
      .returning();
    await notifier.requestCreated(tx, row!);
    return row!.id;
  });
}

/**
 * Requests for one food, newest first, for its donor only.
 * @throws 404 unknown food, 403 when `userId` is not its donor.
 */
export async function listFoodRequests(db: Database, foodId: string, userId: string): Promise<RequestRow[]> {
  await requireOwnFood(db, foodId, userId, { notYours: 'Only the donor sees the requests for this food.' });
  return foodRequestsQuery(db, foodId);
}

/** The query of one food's requests, newest first (exported unexecuted for the EXPLAIN test). */
export function foodRequestsQuery(db: Database, foodId: string) {
  return db.select().from(requests).where(eq(requests.foodId, foodId)).orderBy(desc(requests.requestedAt), desc(requests.id));
}

/** The requests `requesterId` made, newest first. */
export async function listRequesterRequests(db: Database, requesterId: string): Promise<RequestRow[]> {
  return requesterRequestsQuery(db, requesterId);
}

/** The query of one requester's requests, newest first (exported unexecuted for the EXPLAIN test). */
export function requesterRequestsQuery(db: Database, requesterId: string) {
  return db
    .select()
    .from(requests)
    .where(eq(requests.requesterId, requesterId))
    .orderBy(desc(requests.requestedAt), desc(requests.id));
}

async function lockRequest(tx: Database, id: string): Promise<RequestRow> {
  const [row] = await tx.select().from(requests).where(eq(requests.id, id)).for('update');
  if (!row) throw problem(404, 'No request has this id.');
  return row;
}

/**
 * Marks a request `Delivered` (SPEC.md §4); donor only; one transaction.
 * @throws 404 unknown request, 403 not the donor, 409 already delivered.
 */
export async function markDelivered(db: Database, id: string, userId: string, notifier: Notifier) {
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    if (row.donorId !== userId) throw problem(403, 'Only the donor can mark this request as delivered.');
    if (row.status === 'Delivered') throw problem(409, 'This request is already delivered.');
    await tx.update(requests).set({ status: 'Delivered' }).where(eq(requests.id, id));
    await notifier.requestDelivered(tx, row);
    return { acknowledged: true as const, matchedCount: 1, modifiedCount: 1 };
  });
}

/**
 * Cancels (deletes) a request (SPEC.md §4); requester only, while `Pending`; one transaction.
 * @throws 404 unknown request, 403 not the requester, 409 no longer pending.
 */
export async function cancelRequest(db: Database, id: string, userId: string, notifier: Notifier) {
  return db.transaction(async (tx) => {
    const row = await lockRequest(tx, id);
    if (row.requesterId !== userId) throw problem(403, 'Only the requester can cancel this request.');
    if (row.status !== 'Pending') throw problem(409, 'Only pending requests can be cancelled.');
    const deleted = await tx.delete(requests).where(eq(requests.id, id)).returning({ id: requests.id });
    await notifier.requestCancelled(tx, row);
    return { acknowledged: true as const, deletedCount: deleted.length };
  });
}
