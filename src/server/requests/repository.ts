/**
 * Food request queries and state rules (SPEC.md §3 Request, §4 Request Status;
 * DESIGN.md "The API"): a request copies its food and donor at creation, starts
 * `Pending`, is moved on by the donor (`transitions.ts`), and cancelled
 * (deleted) by its requester while open (`Pending`, or `Accepted`).
 */
import { and, desc, eq, inArray, isNull } from 'drizzle-orm';
import { DONOR_EMAIL_STATUSES, OPEN_REQUEST_STATUSES, isOpenRequestStatus, type FoodRequest, type Standing } from '../../contract/index.js';
import type { SessionUser } from '../auth/plugin.js';
import type { Database } from '../db/client.js';
import { requests } from '../db/schema/index.js';
import { settleListing } from '../foods/lifecycle.js';
import { foodStatus, requireFood, requireOwnFood } from '../foods/repository.js';
import { BLOCKED_REFUSAL } from '../blocks/repository.js';
import { problem } from '../http/problem.js';
import { assertPickupFits } from '../foods/windows.js';
import { isBlockedBetween } from '../blocks/repository.js';
import { assertNotOfferedToOthers } from '../wanted/answers.js';
import { isFoodWithheld } from '../foods/visibility.js';
import type { Notifier } from '../notifications/notifier.js';
import { lockRequestAndFood } from './transitions.js';

export type RequestRow = typeof requests.$inferSelect;

/**
 * Maps a row to the API's `FoodRequest` as `viewerId` sees it; `RequestDate` as
 * an ISO 8601 UTC instant. `Donator.Email` is left out for anyone but the donor
 * until the request reaches a status of {@link DONOR_EMAIL_STATUSES}. `standing`
 * adds the donor's or requester's public standing when given.
 */
export function toFoodRequest(row: RequestRow, viewerId: string, standing: { donor?: Standing; requester?: Standing } = {}): FoodRequest {
  const showDonorEmail = row.donorId === viewerId || (DONOR_EMAIL_STATUSES as readonly string[]).includes(row.status);
  return {
    _id: row.id,
    FoodId: row.foodId,
    FoodName: row.foodName,
    FoodImage: row.foodImage,
    PickupLocation: row.pickupLocation,
    ExpiredDateTime: row.expiresOn,
    Donator: {
      Name: row.donorName,
      Image: row.donorImage,
      ...(showDonorEmail ? { Email: row.donorEmail } : {}),
      _id: row.donorId,
      ...(standing.donor ? { Standing: standing.donor } : {}),
    },
    AdditionalNotes: row.notes,
    DonationMoney: row.donationMoney,
    Requester: {
      Email: row.requesterEmail,
      Name: row.requesterName,
      Image: row.requesterImage,
      _id: row.requesterId,
      ...(standing.requester ? { Standing: standing.requester } : {}),
    },
    RequestDate: row.requestedAt.toISOString(),
    Status: row.status,
    ...(row.pickupAt ? { PickupAt: row.pickupAt.toISOString() } : {}),
    ...(row.requestedPickupAt ? { RequestedPickupAt: row.requestedPickupAt.toISOString() } : {}),
    ...(row.acceptNote ? { Note: row.acceptNote } : {}),
    ...(row.declineReason ? { Reason: row.declineReason } : {}),
  };
}

/**
 * Creates a `Pending` request by `requester` for a food; one transaction.
 * @param today `YYYY-MM-DD`, the server's local date; `now` the current instant.
 * @returns the new request's id.
 * @throws 404 unknown food; 409 own food, a collected or expired food, an
 *   open request of this requester already exists, or the listing is offered first to a Wanted post's poster.
 */
export async function createRequest(
  db: Database,
  input: { FoodId: string; AdditionalNotes: string; DonationMoney: string; PickupAt?: string },
  requester: SessionUser,
  today: string,
  notifier: Notifier,
  now = new Date(),
): Promise<string> {
  return db.transaction(async (tx) => {
    const food = await requireFood(tx, input.FoodId, 'share');
    if (food.heldAt && food.donorId !== requester.id) throw problem(404, 'No food listing has this id.');
    // A hidden listing or a banned donor's is unknown; a block between them is refused neutrally.
    if (food.donorId !== requester.id && isFoodWithheld(food)) throw problem(404, 'No food listing has this id.');
    if (await isBlockedBetween(tx, food.donorId, requester.id)) throw problem(409, BLOCKED_REFUSAL, { code: 'not_possible' });
    if (food.donorId === requester.id) throw problem(409, 'You cannot request your own food.', { code: 'own_food' });
    const status = foodStatus(food, today);
    if (status === 'Expired') throw problem(409, 'This food has expired and can no longer be requested.', { code: 'food_expired' });
    if (status === 'Collected') throw problem(409, 'This food has been collected and can no longer be requested.', { code: 'food_collected' });
    const [open] = await tx
      .select({ status: requests.status })
      .from(requests)
      .where(and(eq(requests.foodId, food.id), eq(requests.requesterId, requester.id), inArray(requests.status, OPEN_REQUEST_STATUSES)));
    if (open) throw problem(409, `You already have ${open.status === 'Pending' ? 'a pending' : 'an accepted'} request for this food.`, { code: 'already_requested' });
    // A listing that answered a Wanted post waits for its poster first (wanted/answers.ts).
    await assertNotOfferedToOthers(tx, food.id, requester.id, now);
    const requestedPickupAt = input.PickupAt ? new Date(input.PickupAt) : null;
    // The chosen time must lie in a window with room now (the donor's acceptance checks again).
    if (requestedPickupAt) await assertPickupFits(tx, food.id, '00000000-0000-0000-0000-000000000000', requestedPickupAt);
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
        requestedPickupAt,
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
  // Held requests wait for their requester's review before the donor sees them.
  return db
    .select()
    .from(requests)
    .where(and(eq(requests.foodId, foodId), isNull(requests.heldAt)))
    .orderBy(desc(requests.requestedAt), desc(requests.id));
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

/**
 * Cancels (deletes) a request (SPEC.md §4); requester only, while `Pending` or
 * `Accepted`, which frees the listing; one transaction.
 * @param today `YYYY-MM-DD`, the server's local date.
 * @throws 404 unknown request, 403 not the requester, 409 no longer open.
 */
export async function cancelRequest(db: Database, id: string, userId: string, today: string, notifier: Notifier) {
  return db.transaction(async (tx) => {
    const { row, food } = await lockRequestAndFood(tx, id);
    if (row.requesterId !== userId) throw problem(403, 'Only the requester can cancel this request.', { code: 'not_requester' });
    if (!isOpenRequestStatus(row.status)) {
      throw problem(409, 'Only pending or accepted requests can be cancelled.', { code: 'request_state' });
    }
    const deleted = await tx.delete(requests).where(eq(requests.id, id)).returning({ id: requests.id });
    await settleListing(tx, food, today);
    await notifier.requestCancelled(tx, row);
    return { acknowledged: true as const, deletedCount: deleted.length };
  });
}
