/**
 * Impact totals (issue 16): written in each delivery's transaction (so the home page
 * reads one row, never sums the requests) and read for the answers of `/api/impact`.
 */
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { communityImpact, userImpact } from '../db/schema/index.js';

/** Adds one share of `kg` to the community's totals and to each of `userIds` (donor and requester). */
export async function addShare(tx: Database, kg: number, userIds: string[]): Promise<void> {
  await tx
    .insert(communityImpact)
    .values({ id: 1, shares: 1, kg })
    .onConflictDoUpdate({ target: communityImpact.id, set: { shares: sql`${communityImpact.shares} + 1`, kg: sql`${communityImpact.kg} + ${kg}` } });
  for (const userId of userIds) {
    await tx
      .insert(userImpact)
      .values({ userId, shares: 1, kg })
      .onConflictDoUpdate({ target: userImpact.userId, set: { shares: sql`${userImpact.shares} + 1`, kg: sql`${userImpact.kg} + ${kg}` } });
  }
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
