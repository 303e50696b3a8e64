/**
 * A listing's status as its requests move: `Reserved` while one request
 * is accepted, `Available` otherwise, until it is `Collected` (a delivery without
 * "some left") or `Expired` (stored by the expiry job). Called inside the
 * transaction that changed the requests, with the listing's row locked.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { foods, requests } from '../db/schema/index.js';

type FoodRow = typeof foods.$inferSelect;

/**
 * Sets an open listing to `Reserved` when one of its requests is `Accepted`, else
 * `Available`. A collected listing, and one past its date (`expiresOn` before
 * `today`, `YYYY-MM-DD`), is left as it is: the expiry job closes those.
 */
export async function settleListing(tx: Database, food: Pick<FoodRow, 'id' | 'status' | 'expiresOn'>, today: string): Promise<void> {
  if (food.status === 'Collected' || food.expiresOn < today) return;
  const [accepted] = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.foodId, food.id), eq(requests.status, 'Accepted')))
    .limit(1);
  const next = accepted ? 'Reserved' : 'Available';
  if (next !== food.status) await tx.update(foods).set({ status: next, updatedAt: new Date() }).where(eq(foods.id, food.id));
}
