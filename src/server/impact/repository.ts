/**
 * Impact totals: written in each delivery's transaction (so the home page reads one row,
 * never sums the requests) and read for the answers of `/api/impact`.
 *
 * The community's public totals cannot be inflated by dealing with oneself: a delivery
 * counts there only for a requester whose address is verified and whose account is at
 * least `PUBLIC_SHARE_RULES.requesterAgeMs` old, at most once per listing and requester,
 * and with at most `PUBLIC_SHARE_RULES.maxKg`; a moderator can void a listing's shares
 * (`voidPublicShares`). A person's own totals count every delivery they took part in.
 */
import { and, eq, isNotNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { communityImpact, userImpact } from './schema.js';
import { requests, users } from '../db/schema/index.js';

/** What a delivery must meet to count in the community's totals (see the module comment). */
export const PUBLIC_SHARE_RULES = { maxKg: 50, requesterAgeMs: 24 * 60 * 60 * 1000 } as const;

/**
 * kg that delivery `row` (of `kg`) counts in the community's totals, or null when it does
 * not count: an unverified or day-young requester, or an earlier counted delivery of the
 * same listing to the same requester. Read inside the delivery's transaction.
 */
export async function publicShareKg(tx: Database, row: { id: string; foodId: string; requesterId: string }, kg: number, now = Date.now()): Promise<number | null> {
  const [requester] = await tx.select({ verified: users.emailVerified, createdAt: users.createdAt }).from(users).where(eq(users.id, row.requesterId));
  if (!requester?.verified || requester.createdAt.getTime() > now - PUBLIC_SHARE_RULES.requesterAgeMs) return null;
  const [earlier] = await tx
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.foodId, row.foodId), eq(requests.requesterId, row.requesterId), isNotNull(requests.publicKg), ne(requests.id, row.id)))
    .limit(1);
  return earlier ? null : Math.min(kg, PUBLIC_SHARE_RULES.maxKg);
}

/** Adds `shares` and `kg` (either may be negative) to the community's one row of totals. */
async function addToCommunity(tx: Database, shares: number, kg: number): Promise<void> {
  await tx
    .insert(communityImpact)
    .values({ id: 1, shares, kg })
    .onConflictDoUpdate({ target: communityImpact.id, set: { shares: sql`${communityImpact.shares} + ${shares}`, kg: sql`${communityImpact.kg} + ${kg}` } });
}

/**
 * Adds one delivery: `publicKg` (null: none) to the community's totals, one share of `kg`
 * to each of `userIds` (donor and requester).
 */
export async function addShare(tx: Database, kg: number, publicKg: number | null, userIds: string[]): Promise<void> {
  if (publicKg !== null) await addToCommunity(tx, 1, publicKg);
  for (const userId of userIds) {
    await tx
      .insert(userImpact)
      .values({ userId, shares: 1, kg })
      .onConflictDoUpdate({ target: userImpact.userId, set: { shares: sql`${userImpact.shares} + 1`, kg: sql`${userImpact.kg} + ${kg}` } });
  }
}

/**
 * Takes every counted delivery of listing `foodId` out of the community's totals (a
 * moderator's `VoidImpact`); returns how many were voided.
 */
export async function voidPublicShares(tx: Database, foodId: string): Promise<number> {
  const counted = await tx
    .select({ id: requests.id, kg: requests.publicKg })
    .from(requests)
    .where(and(eq(requests.foodId, foodId), isNotNull(requests.publicKg)))
    .for('update');
  if (!counted.length) return 0;
  await tx.update(requests).set({ publicKg: null }).where(and(eq(requests.foodId, foodId), isNotNull(requests.publicKg)));
  await addToCommunity(tx, -counted.length, -counted.reduce((sum, r) => sum + (r.kg ?? 0), 0));
  return counted.length;
}

/** The community's totals (zero before the first delivery). */
export async function communityTotals(db: Database): Promise<{ shares: number; kg: number }> {
  const [row] = await db.select({ shares: communityImpact.shares, kg: communityImpact.kg }).from(communityImpact).where(eq(communityImpact.id, 1));
  return row ?? { shares: 0, kg: 0 };
}

/** One person's totals: deliveries they gave or received (zero before their first). */
export async function userTotals(db: Database, userId: string): Promise<{ shares: number; kg: number }> {
  const [row] = await db.select({ shares: userImpact.shares, kg: userImpact.kg }).from(userImpact).where(eq(userImpact.userId, userId));
  return row ?? { shares: 0, kg: 0 };
}
