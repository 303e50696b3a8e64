/**
 * Which open Wanted posts a new listing matches (docs/api.md "Wanted posts"), run by the
 * outbox worker after the listing's commit on the `listing.created` task (foods/announce.ts),
 * as the alerts' matcher is (alerts/matching.ts, whose listing read and block test it shares).
 *
 * A listing matches an open post (not hidden, not expired, poster not banned) when its public
 * point lies within the post's radius of the post's point, it is not the poster's own, no block
 * stands between them, and every word of the post's title (3 letters or more, less the filler
 * words of `FILLER`) is found in the listing's name or notes. Each pair is told once.
 */
import { and, eq, gt, sql, type SQL } from 'drizzle-orm';
import { PLACES } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { notBlockedWith, type MatchableListing } from '../alerts/matching.js';
import type { Notifier } from '../notifications/notifier.js';
import { wantedMatches, wantedPosts } from './schema.js';

/** Words of a title that say nothing about the food ("baby formula, any brand" needs "baby" and "formula"). */
const FILLER = new Set(['any', 'some', 'brand', 'kind', 'please', 'need', 'needed', 'wanted', 'looking', 'for', 'and', 'the', 'with', 'from', 'big', 'small', 'bag', 'box', 'pack', 'few']);

/** The words of `title` a listing must contain: lower case, 3 letters or more, no filler. */
export function titleTerms(title: string): string[] {
  const words = title.toLowerCase().match(/[\p{L}\p{N}]{3,}/gu) ?? [];
  return [...new Set(words.filter((w) => !FILLER.has(w)))];
}

/** True when every term of `title` is in `text` (none: never, a post of filler words matches nothing). */
export function titleMatches(title: string, text: string): boolean {
  const terms = titleTerms(title);
  const haystack = text.toLowerCase();
  return terms.length > 0 && terms.every((t) => haystack.includes(t));
}

/**
 * SQL "a listing at `lat`, `lng` lies within the post's own radius of its exact point": the GiST index of
 * the posts not hidden (`wanted_posts_point_idx`, on the stored cube of migration wanted_points) reads the
 * box of the largest radius (`PLACES.radiusMaxKm`) around the listing, the post's radius trims it.
 */
export function withinPostRadius(lat: number, lng: number): SQL {
  const at = sql`ll_to_earth(${lat}::float8, ${lng}::float8)`;
  return sql`earth_box(${at}, ${PLACES.radiusMaxKm * 1000}::float8) @> ${wantedPosts}.earth
    and earth_distance(${wantedPosts}.earth, ${at}) <= ${wantedPosts.radiusKm} * 1000`;
}

/** The open posts near `food` at `now` that it may answer (before the words are checked). */
async function nearbyOpenPosts(db: Database, food: MatchableListing, now: Date) {
  return db
    .select({ id: wantedPosts.id, posterId: wantedPosts.posterId, title: wantedPosts.title })
    .from(wantedPosts)
    .innerJoin(users, eq(users.id, wantedPosts.posterId))
    .where(
      and(
        sql`${wantedPosts.hiddenAt} is null`,
        gt(wantedPosts.expiresAt, now),
        sql`not (${users.banned} and (${users.banExpires} is null or ${users.banExpires} > ${now.toISOString()}::timestamptz))`,
        sql`${wantedPosts.posterId} <> ${food.donorId}`,
        withinPostRadius(food.publicLat, food.publicLng),
        notBlockedWith(sql`${wantedPosts.posterId}`, food.donorId),
      ),
    );
}

/**
 * Tells the poster of each open post `food` matches at `now` (`wanted.match`), once per post
 * and listing: the pair's row and the notification commit together, so a task run again
 * tells nobody twice. Returns how many posters were told.
 */
export async function tellWantedMatches(db: Database, notifier: Notifier, food: MatchableListing, now: Date): Promise<number> {
  const text = `${food.name}\n${food.notes}`;
  let told = 0;
  for (const post of await nearbyOpenPosts(db, food, now)) {
    if (!titleMatches(post.title, text)) continue;
    const fresh = await db.transaction(async (tx) => {
      const [row] = await tx.insert(wantedMatches).values({ wantedId: post.id, foodId: food.id }).onConflictDoNothing().returning({ id: wantedMatches.wantedId });
      if (!row) return false;
      await notifier.wantedMatched(tx, { posterId: post.posterId, title: post.title, foodId: food.id, foodName: food.name, donorId: food.donorId, donorName: food.donorName });
      return true;
    });
    if (fresh) told += 1;
  }
  return told;
}
