/**
 * Which alerts a new listing matches (docs/api.md "Alerts"), run by the outbox worker
 * after the listing's commit (the `listing.created` task, foods/announce.ts), never in the
 * donor's request. One query: the GiST index `alerts_box_idx` gives the unpaused alerts
 * whose bounding box holds the listing's public point; the rest is checked on those rows
 * only: the exact distance, the categories (any), diets (all), avoided allergens (all known
 * absent, as `withoutAllergens=`), every word in the name, not the donor's own alerts, no
 * block either way, and an owner seen within `DORMANT_AFTER_DAYS` (a session used lately:
 * Better Auth moves a used session's `updated_at` every few minutes).
 */
import { sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { foods, sessions } from '../db/schema/index.js';
import { blocks } from '../blocks/schema.js';
import { isFoodWithheld } from '../foods/visibility.js';
import { DORMANT_AFTER_DAYS } from './limits.js';
import { alerts } from './schema.js';

type FoodRow = typeof foods.$inferSelect;

/** A listing as matching reads it: listed, shown, not held, with a public point. */
export type MatchableListing = FoodRow & { publicLat: number; publicLng: number };

/**
 * Listing `foodId` when it can be matched now: it exists, is `Available`, is neither
 * hidden, held nor of a banned donor, and has a public point; else undefined. Any matcher
 * of new listings starts here (a Wanted post's too).
 */
export async function readMatchableListing(db: Database, foodId: string): Promise<MatchableListing | undefined> {
  const [row] = await db.select().from(foods).where(sql`${foods.id} = ${foodId}`);
  if (!row || row.status !== 'Available' || row.heldAt || isFoodWithheld(row)) return undefined;
  if (row.publicLat === null || row.publicLng === null) return undefined;
  return row as MatchableListing;
}

/** SQL "no block between the person in column `userId` and `donorId`", either way (blocks' two indexes). */
export function notBlockedWith(userId: SQL, donorId: string): SQL {
  return sql`not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${userId} and ${blocks.blockedId} = ${donorId})
    and not exists (select 1 from ${blocks} where ${blocks.blockerId} = ${donorId} and ${blocks.blockedId} = ${userId})`;
}

/** SQL "the person in column `userId` used a session within `DORMANT_AFTER_DAYS`" (sessions' user index). */
export function seenLately(userId: SQL): SQL {
  return sql`exists (select 1 from ${sessions} where ${sessions.userId} = ${userId}
    and ${sessions.updatedAt} > now() - make_interval(days => ${DORMANT_AFTER_DAYS}))`;
}

/** The WHERE of the alerts `food` matches (see the module's comment). */
export function matchConditions(food: MatchableListing): SQL {
  const lat = sql`${food.publicLat}::float8`;
  const lng = sql`${food.publicLng}::float8`;
  const userId = sql`${alerts.userId}`;
  return sql`box(point(${alerts.minLng}, ${alerts.minLat}), point(${alerts.maxLng}, ${alerts.maxLat})) @> box(point(${lng}, ${lat}), point(${lng}, ${lat}))
    and not ${alerts.paused}
    and earth_distance(ll_to_earth(${alerts.lat}, ${alerts.lng}), ll_to_earth(${lat}, ${lng})) <= ${alerts.radiusKm} * 1000
    and (cardinality(${alerts.categories}) = 0 or ${food.category}::text = any(${alerts.categories}))
    and ${alerts.diet} <@ ${`{${food.diet.join(',')}}`}::text[]
    and ${alerts.withoutAllergens} <@ ${`{${food.allergenFree.join(',')}}`}::text[]
    and not exists (select 1 from unnest(${alerts.terms}) as t(term) where strpos(${food.name.toLowerCase()}, t.term) = 0)
    and ${alerts.userId} <> ${food.donorId}
    and ${notBlockedWith(userId, food.donorId)}
    and ${seenLately(userId)}`;
}

/** The ids of the alerts `food` matches, oldest first. */
export async function matchingAlerts(db: Database, food: MatchableListing): Promise<string[]> {
  const rows = await db.select({ id: alerts.id }).from(alerts).where(matchConditions(food)).orderBy(alerts.createdAt);
  return rows.map((r) => r.id);
}
