/**
 * Listings and requests held after a Google sign-in took over a never-verified
 * account (`auth/linking.ts`): someone else may have made them before
 * the owner proved the address. They stay hidden from everyone else until the
 * owner keeps them (they become public again, with the owner's current name and
 * photo as `Donator`/`Requester`) or deletes them. Every write is one transaction.
 */
import { and, desc, eq, isNotNull } from 'drizzle-orm';
import type { HeldItems } from '../../contract/index.js';
import type { SessionUser } from '../auth/plugin.js';
import type { Database } from '../db/client.js';
import { foods, requests } from '../db/schema/index.js';
import { toFood } from '../foods/repository.js';
import { windowsByFood } from '../foods/windows.js';
import { localToday } from '../lib/dates.js';
import { toFoodRequest } from '../requests/repository.js';

/** The user's held listings (latest expiry first) and requests (newest first). */
export async function listHeld(db: Database, userId: string): Promise<HeldItems> {
  const heldFoods = await db
    .select()
    .from(foods)
    .where(and(eq(foods.donorId, userId), isNotNull(foods.heldAt)))
    .orderBy(desc(foods.expiresOn), desc(foods.id));
  const heldRequests = await db
    .select()
    .from(requests)
    .where(and(eq(requests.requesterId, userId), isNotNull(requests.heldAt)))
    .orderBy(desc(requests.requestedAt), desc(requests.id));
  const windows = await windowsByFood(db, heldFoods.map((row) => row.id));
  return { Foods: heldFoods.map((row) => toFood(row, true, localToday(), { windows: windows.get(row.id) })), Requests: heldRequests.map((row) => toFoodRequest(row, userId)) };
}

/** Releases every held item of `user`, under their current name and photo; returns how many. */
export async function keepHeld(db: Database, user: SessionUser): Promise<number> {
  return db.transaction(async (tx) => {
    const kept = await tx
      .update(foods)
      .set({ heldAt: null, donorName: user.name, donorImage: user.image })
      .where(and(eq(foods.donorId, user.id), isNotNull(foods.heldAt)))
      .returning({ id: foods.id });
    const keptRequests = await tx
      .update(requests)
      .set({ heldAt: null, requesterName: user.name, requesterImage: user.image })
      .where(and(eq(requests.requesterId, user.id), isNotNull(requests.heldAt)))
      .returning({ id: requests.id });
    return kept.length + keptRequests.length;
  });
}

/** Deletes every held item of `user` (a held listing takes its requests with it); returns how many. */
export async function deleteHeld(db: Database, userId: string): Promise<number> {
  return db.transaction(async (tx) => {
    const gone = await tx
      .delete(requests)
      .where(and(eq(requests.requesterId, userId), isNotNull(requests.heldAt)))
      .returning({ id: requests.id });
    const goneFoods = await tx
      .delete(foods)
      .where(and(eq(foods.donorId, userId), isNotNull(foods.heldAt)))
      .returning({ id: foods.id });
    return gone.length + goneFoods.length;
  });
}
