/**
 * Who sees which listing, as SQL conditions any list query can add to
 * its WHERE (they only read the listing's own row and, once per statement, the `blocks`
 * index, so they compose with every order, search and distance filter) and as a check for one row.
 *
 * - A hidden listing (by a moderator, or by reports) and a listing of a currently
 *   banned donor are left out of every list; one listing answers 404 to all but
 *   its donor and moderators.
 * - Blocks work both ways: neither person sees the other's listings.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { SessionUser } from '../auth/plugin.js';
import { isModeratorRole } from '../auth/roles.js';
import type { Database } from '../db/client.js';
import { isBlockedBetween } from '../blocks/repository.js';
import { blocks } from '../blocks/schema.js';
import { foods } from '../db/schema/index.js';

/** Conditions of a listing shown in public lists: not hidden, donor not banned now. */
export function shownFoodConditions(): SQL[] {
  return [sql`${foods.hiddenAt} is null`, sql`(${foods.donorBannedUntil} is null or ${foods.donorBannedUntil} <= now())`];
}

/**
 * The condition "no block between `viewerId` (a value or placeholder) and the listing's donor", either way:
 * the people the viewer blocked or who blocked them are read once per statement (one array, two index
 * reads), and each listing's donor is compared with it, not two probes of `blocks` per listing
 * (docs/benchmarks.md "The search").
 */
export function notBlockedCondition(viewerId: SQL | Placeholder | string): SQL {
  return sql`${foods.donorId} <> all (array(select ${blocks.blockedId} from ${blocks} where ${blocks.blockerId} = ${viewerId}
    union all select ${blocks.blockerId} from ${blocks} where ${blocks.blockedId} = ${viewerId}))`;
}

type FoodVisibility = Pick<typeof foods.$inferSelect, 'donorId' | 'hiddenAt' | 'donorBannedUntil'>;

/** True when the listing is hidden from the public now (hidden, or its donor banned). */
export function isFoodWithheld(row: FoodVisibility, now = new Date()): boolean {
  return row.hiddenAt !== null || (row.donorBannedUntil !== null && row.donorBannedUntil > now);
}

/**
 * Whether `viewer` may see one listing, `blocked` telling whether a block stands between
 * them and its donor: its donor and moderators always; others not while it is withheld
 * or blocked.
 */
export function canSeeListing(row: FoodVisibility, viewer: SessionUser | null, blocked: boolean): boolean {
  if (viewer && (viewer.id === row.donorId || isModeratorRole(viewer.role))) return true;
  return !isFoodWithheld(row) && !(viewer && blocked);
}

/** {@link canSeeListing}, asking the `blocks` table. */
export async function canSeeFood(db: Database, row: FoodVisibility, viewer: SessionUser | null): Promise<boolean> {
  return canSeeListing(row, viewer, viewer !== null && (await isBlockedBetween(db, viewer.id, row.donorId)));
}
