/**
 * The request state machine, moved by the donor through the spec's
 * `PATCH /requests/{id}` (SPEC.md §7):
 *
 * | to | from | also |
 * |---|---|---|
 * | Accepted (PickupAt?, Note?) | Pending | listing Available or Reserved and not past its last pickup window, no other request accepted, `PickupAt` in a window with room when the listing has windows (foods/windows.ts); listing → Reserved |
 * | Declined (Reason?) | Pending, Accepted | listing → Available when it was the accepted one |
 * | NoShow | Accepted | listing → Available (the donor may accept the next) |
 * | Delivered | Pending, Accepted | listing → Collected and every other open request → Declined; with `SomeLeft` the listing stays open, its quantity lowered to `FoodQuantity` |
 *
 * Anyone but the donor gets 403; any other move 409. The requester's cancel (DELETE)
 * is in `repository.ts`. Each transition, its listing change and its notifications
 * are one transaction; the listing row is locked first, then the request (the order
 * every write of requests uses, so two of them never deadlock).
 */
import { and, eq, inArray, ne } from 'drizzle-orm';
import { OPEN_REQUEST_STATUSES, type RequestStatus, type RequestStatusChange } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { foods, requests } from '../db/schema/index.js';
import { settleListing } from '../foods/lifecycle.js';
import { foodStatus, requireFood, type FoodRow } from '../foods/repository.js';
import { assertPickupFits } from '../foods/windows.js';
import { problem } from '../http/problem.js';
import { deliveredKg } from '../impact/figures.js';
import { addShare, publicShareKg } from '../impact/repository.js';
import { localToday } from '../lib/dates.js';
import type { Notifier } from '../notifications/notifier.js';

type RequestRow = typeof requests.$inferSelect;
type Target = RequestStatusChange['Status'];

/** From which statuses each target status may be reached (the table above). */
export const ALLOWED_FROM: Record<Target, readonly RequestStatus[]> = {
  Accepted: ['Pending'],
  Declined: ['Pending', 'Accepted'],
  NoShow: ['Accepted'],
  Delivered: ['Pending', 'Accepted'],
};

const NOT_DONOR: Record<Target, string> = {
  Delivered: 'Only the donor can mark this request as delivered.',
  Accepted: 'Only the donor can accept this request.',
  Declined: 'Only the donor can decline this request.',
  NoShow: 'Only the donor can mark this request as a no-show.',
};

/**
 * Locks the listing of request `id`, then the request (the lock order of every
 * request write), inside transaction `tx`.
 * @throws 404 when the request does not exist (or was just deleted).
 */
export async function lockRequestAndFood(tx: Database, id: string): Promise<{ row: RequestRow; food: FoodRow }> {
  const [peek] = await tx.select({ foodId: requests.foodId }).from(requests).where(eq(requests.id, id));
  if (!peek) throw problem(404, 'No request has this id.');
  const food = await requireFood(tx, peek.foodId, 'update');
  const [row] = await tx.select().from(requests).where(eq(requests.id, id)).for('update');
  if (!row) throw problem(404, 'No request has this id.');
  return { row, food };
}

/**
 * Moves request `id` to `change.Status` for user `userId` at instant `now` (the
 * table above); one transaction with its listing change and notifications.
 * @returns Mongo-style counts (SPEC.md §7 `modifiedCount`).
 * @throws 404 unknown request, 403 not the donor, 409 an impossible move, 400 a
 *   `FoodQuantity` above the listing's.
 */
export async function changeRequestStatus(
  db: Database,
  id: string,
  userId: string,
  change: RequestStatusChange,
  now: Date,
  notifier: Notifier,
) {
  const today = localToday(now);
  return db.transaction(async (tx) => {
    const { row, food } = await lockRequestAndFood(tx, id);
    if (row.donorId !== userId) throw problem(403, NOT_DONOR[change.Status], { code: 'not_donor' });
    if (!ALLOWED_FROM[change.Status].includes(row.status)) {
      throw problem(409, row.status === change.Status ? `This request is already ${describe(row.status)}.` : `A request that is ${describe(row.status)} cannot be ${describe(change.Status)}.`, { code: 'request_state' });
    }
    const set = (values: Partial<RequestRow>) =>
      tx.update(requests).set(values).where(eq(requests.id, id)).returning().then(([r]) => r!);

    switch (change.Status) {
      case 'Accepted': {
        const status = foodStatus(food, today);
        if (status === 'Collected' || status === 'Expired') throw problem(409, `This food is ${status.toLowerCase()}: no request can be accepted.`, { code: status === 'Expired' ? 'food_expired' : 'food_collected' });
        const [other] = await tx
          .select({ id: requests.id })
          .from(requests)
          .where(and(eq(requests.foodId, food.id), eq(requests.status, 'Accepted')))
          .limit(1);
        if (other) throw problem(409, 'Another request for this food is accepted: decline it or mark it a no-show first.', { code: 'another_accepted' });
        if (food.pickupUntil && food.pickupUntil <= now) throw problem(409, 'The last pickup window of this food has passed: no request can be accepted.', { code: 'pickup_windows_passed' });
        const pickupAt = change.PickupAt ? new Date(change.PickupAt) : null;
        await assertPickupFits(tx, food.id, row.id, pickupAt);
        const accepted = await set({
          status: 'Accepted',
          acceptedAt: now,
          pickupAt,
          acceptNote: change.Note || null,
        });
        await settleListing(tx, food, today);
        await notifier.requestAccepted(tx, accepted);
        break;
      }
      case 'Declined': {
        const declined = await set({ status: 'Declined', declineReason: change.Reason || null });
        await settleListing(tx, food, today);
        await notifier.requestDeclined(tx, declined);
        break;
      }
      case 'NoShow': {
        const missed = await set({ status: 'NoShow' });
        await settleListing(tx, food, today);
        await notifier.requestNoShow(tx, missed);
        break;
      }
      case 'Delivered':
        // The point of this hand-over, kept for its requester for a day (foods/points.ts).
        await deliver(tx, await set({ status: 'Delivered', deliveredAt: now, handoverLat: food.lat, handoverLng: food.lng }), food, change, today, notifier);
        break;
    }
    return { acknowledged: true as const, matchedCount: 1, modifiedCount: 1 };
  });
}

/**
 * The listing side of delivering `row` (already `Delivered`): without `SomeLeft` the listing is `Collected`
 * and every other open request `Declined` (their requesters told); with it the
 * listing stays open and takes `FoodQuantity` as what is left. Either way the
 * delivery's kg go into the impact totals in this transaction.
 */
async function deliver(
  tx: Database,
  row: RequestRow,
  food: FoodRow,
  change: Extract<RequestStatusChange, { Status: 'Delivered' }>,
  today: string,
  notifier: Notifier,
): Promise<void> {
  if (food.status === 'Collected') throw problem(409, 'This food has already been collected.', { code: 'food_collected' });
  await notifier.requestDelivered(tx, row);
  const left = change.SomeLeft ? change.FoodQuantity : undefined;
  if (left !== undefined && left > food.quantity) {
    throw problem(400, `FoodQuantity is what is left: at most the listing's ${food.quantity}.`, {
      errors: [{ field: 'FoodQuantity', message: `must be at most ${food.quantity}` }],
    });
  }
  // Impact: all of it, or with "some left" what the donor says went (one item when they did not say).
  const given = !change.SomeLeft ? food.quantity : left === undefined ? 1 : Math.max(1, food.quantity - left);
  const kg = deliveredKg(food, given);
  const publicKg = await publicShareKg(tx, row, kg);
  await tx.update(requests).set({ deliveredKg: kg, publicKg }).where(eq(requests.id, row.id));
  await addShare(tx, kg, publicKg, [row.donorId, row.requesterId]);
  if (change.SomeLeft) {
    if (left !== undefined && left !== food.quantity) {
      const weightKg = food.weightKg === null ? null : Math.round(((food.weightKg * left) / food.quantity) * 1000) / 1000;
      await tx.update(foods).set({ quantity: left, weightKg, updatedAt: new Date() }).where(eq(foods.id, food.id));
    }
    await settleListing(tx, food, today);
    return;
  }
  await tx.update(foods).set({ status: 'Collected', updatedAt: new Date() }).where(eq(foods.id, food.id));
  const declined = await tx
    .update(requests)
    .set({ status: 'Declined' })
    .where(and(eq(requests.foodId, food.id), ne(requests.id, row.id), inArray(requests.status, OPEN_REQUEST_STATUSES)))
    .returning();
  await notifier.foodCollected(tx, declined);
}

/** A status in words for problem details. */
function describe(status: RequestStatus): string {
  return { Pending: 'pending', Accepted: 'accepted', Delivered: 'delivered', Declined: 'declined', NoShow: 'a no-show' }[status];
}
