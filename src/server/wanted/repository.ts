/**
 * Wanted posts' reads and writes (docs/api.md "Wanted posts"). Who sees a post follows the
 * rules of listings (foods/visibility.ts): a hidden post, or one of a person banned now, is
 * in no list and answers 404 to all but its poster and moderators; a block hides posts both
 * ways. The exact point reaches the poster only; everyone else reads the public point.
 */
import { and, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import { WANTED, type Wanted, type WantedAnswer, type WantedInput } from '../../contract/index.js';
import type { SessionUser } from '../auth/plugin.js';
import { isModeratorRole } from '../auth/roles.js';
import { blocks } from '../blocks/schema.js';
import { isBlockedBetween } from '../blocks/repository.js';
import type { Database } from '../db/client.js';
import { foods, users } from '../db/schema/index.js';
import { problem } from '../http/problem.js';
import { publicPoint } from '../places/blur.js';
import { wantedAnswers, wantedPosts } from './schema.js';

export type WantedRow = typeof wantedPosts.$inferSelect;
type Poster = { name: string; image: string | null; banned: boolean; banExpires: Date | null };
type Found = { post: WantedRow; poster: Poster; distanceM?: number };

const DAY_MS = 24 * 60 * 60 * 1000;
export const WANTED_NOT_FOUND = 'No Wanted post has this id.';

/**
 * The expiry of a new post at `now`: `ExpiresAt`, or `WANTED.defaultDays` ahead.
 * @throws 400 naming `ExpiresAt` when it is not in the future or beyond `WANTED.maxDays`.
 */
export function expiryOf(given: string | undefined, now: Date): Date {
  if (given === undefined) return new Date(now.getTime() + WANTED.defaultDays * DAY_MS);
  const at = new Date(given);
  const field = (message: string) => problem(400, `Invalid body: ExpiresAt ${message}`, { errors: [{ field: 'ExpiresAt', message }], code: 'validation_failed' });
  if (at <= now) throw field('must be in the future');
  if (at.getTime() > now.getTime() + WANTED.maxDays * DAY_MS) throw field(`must be at most ${WANTED.maxDays} days ahead`);
  return at;
}

/** Stores `poster`'s new post with its public point (keyed by `secret`, places/blur.ts); returns its id. */
export async function createWanted(db: Database, input: WantedInput, poster: SessionUser, secret: string, now: Date): Promise<string> {
  const shown = publicPoint(secret, poster.id, input.Location.Lat, input.Location.Lng);
  const [row] = await db
    .insert(wantedPosts)
    .values({
      posterId: poster.id,
      title: input.Title,
      details: input.Details ?? '',
      lat: input.Location.Lat,
      lng: input.Location.Lng,
      publicLat: shown.lat,
      publicLng: shown.lng,
      radiusKm: input.RadiusKm,
      expiresAt: expiryOf(input.ExpiresAt, now),
    })
    .returning({ id: wantedPosts.id });
  return row!.id;
}

/** SQL "the poster is banned at `now`". */
const posterBanned = (now: Date) => sql`(${users.banned} and (${users.banExpires} is null or ${users.banExpires} > ${now.toISOString()}::timestamptz))`;

/** SQL "no block between `viewerId` and the post's poster", either way. */
const notBlocked = (viewerId: string) =>
  sql`not exists (select 1 from ${blocks} where (${blocks.blockerId} = ${viewerId} and ${blocks.blockedId} = ${wantedPosts.posterId})
    or (${blocks.blockerId} = ${wantedPosts.posterId} and ${blocks.blockedId} = ${viewerId}))`;

/** Metres from `p` to a post's public point: its stored cube (migration wanted_points). */
const publicDistance = (p: { lat: number; lng: number }) =>
  sql<number>`earth_distance(ll_to_earth(${p.lat}::float8, ${p.lng}::float8), ${wantedPosts}.public_earth)`;

/**
 * SQL "the post's public point lies within `radiusKm` of the point": the GiST index of the posts not
 * hidden (`wanted_posts_public_point_idx`) reads the bounding cube (`earth_box`), the distance trims its corners.
 */
export function nearPublicPoint(near: { lat: number; lng: number; radiusKm: number }): SQL {
  const metres = near.radiusKm * 1000;
  return sql`earth_box(ll_to_earth(${near.lat}::float8, ${near.lng}::float8), ${metres}::float8) @> ${wantedPosts}.public_earth
    and ${publicDistance(near)} <= ${metres}::float8`;
}

/** What one `GET /wanted` page asks for. */
export interface WantedListing {
  near?: { lat: number; lng: number; radiusKm: number };
  /** The signed-in poster's own posts, expired and hidden ones too. */
  mineOf?: string;
  viewerId?: string;
  limit: number;
  after?: { at: number; id: string };
  now: Date;
}

/** One page of posts, newest first (`limit` rows; read `limit + 1` to know of a next page). */
export async function listWanted(db: Database, q: WantedListing): Promise<Found[]> {
  const where: SQL[] = [];
  if (q.mineOf) where.push(eq(wantedPosts.posterId, q.mineOf));
  else {
    where.push(sql`${wantedPosts.hiddenAt} is null`, gt(wantedPosts.expiresAt, q.now), sql`not ${posterBanned(q.now)}`);
    if (q.viewerId) where.push(notBlocked(q.viewerId));
  }
  const distance = q.near && publicDistance(q.near);
  if (q.near) where.push(nearPublicPoint(q.near));
  if (q.after) {
    const at = new Date(q.after.at).toISOString();
    where.push(sql`(date_trunc('milliseconds', ${wantedPosts.createdAt}), ${wantedPosts.id}) < (${at}::timestamptz, ${q.after.id}::uuid)`);
  }
  const rows = await db
    .select({ post: wantedPosts, name: users.name, image: users.image, banned: users.banned, banExpires: users.banExpires, ...(distance ? { distanceM: distance } : {}) })
    .from(wantedPosts)
    .innerJoin(users, eq(users.id, wantedPosts.posterId))
    .where(and(...where))
    .orderBy(desc(sql`date_trunc('milliseconds', ${wantedPosts.createdAt})`), desc(wantedPosts.id))
    .limit(q.limit);
  return rows.map((r) => ({
    post: r.post,
    poster: { name: r.name, image: r.image, banned: r.banned, banExpires: r.banExpires },
    ...('distanceM' in r && r.distanceM !== undefined ? { distanceM: Number(r.distanceM) } : {}),
  }));
}

/** One post with its poster, or undefined. */
export async function findWanted(db: Database, id: string): Promise<Found | undefined> {
  const [r] = await db
    .select({ post: wantedPosts, name: users.name, image: users.image, banned: users.banned, banExpires: users.banExpires })
    .from(wantedPosts)
    .innerJoin(users, eq(users.id, wantedPosts.posterId))
    .where(eq(wantedPosts.id, id));
  return r && { post: r.post, poster: { name: r.name, image: r.image, banned: r.banned, banExpires: r.banExpires } };
}

/** True when the post is withheld from the public at `now`: hidden, or its poster banned. */
export function isWantedWithheld(found: Found, now: Date): boolean {
  return found.post.hiddenAt !== null || (found.poster.banned && (found.poster.banExpires === null || found.poster.banExpires > now));
}

/**
 * The post `id` as `viewer` may see it: its poster and moderators always; others not while it
 * is withheld or a block stands between them.
 * @throws 404 when unknown or unseen.
 */
export async function requireVisibleWanted(db: Database, id: string, viewer: SessionUser | null, now: Date): Promise<Found> {
  const found = await findWanted(db, id);
  if (!found) throw problem(404, WANTED_NOT_FOUND);
  if (viewer && (viewer.id === found.post.posterId || isModeratorRole(viewer.role))) return found;
  if (isWantedWithheld(found, now)) throw problem(404, WANTED_NOT_FOUND);
  if (viewer && (await isBlockedBetween(db, viewer.id, found.post.posterId))) throw problem(404, WANTED_NOT_FOUND);
  return found;
}

/** The answering listings of each of `ids` (those still there), oldest first. */
export async function answersOf(db: Database, ids: string[]): Promise<Map<string, WantedAnswer[]>> {
  const byPost = new Map<string, WantedAnswer[]>();
  if (!ids.length) return byPost;
  const rows = await db
    .select({ wantedId: wantedAnswers.wantedId, foodId: wantedAnswers.foodId, name: foods.name, at: wantedAnswers.answeredAt, until: wantedAnswers.offeredUntil })
    .from(wantedAnswers)
    .innerJoin(foods, eq(foods.id, wantedAnswers.foodId))
    .where(and(inArray(wantedAnswers.wantedId, ids), sql`${foods.hiddenAt} is null`))
    .orderBy(wantedAnswers.answeredAt);
  for (const r of rows) {
    const list = byPost.get(r.wantedId) ?? [];
    list.push({ FoodId: r.foodId, FoodName: r.name, AnsweredAt: r.at.toISOString(), OfferedUntil: r.until.toISOString() });
    byPost.set(r.wantedId, list);
  }
  return byPost;
}

/** The answer of one post to `viewerId` at `now`: the exact point only to its poster. */
export function toWanted(found: Found, viewerId: string | undefined, now: Date, answers: WantedAnswer[] = []): Wanted {
  const { post, poster } = found;
  const own = viewerId === post.posterId;
  return {
    _id: post.id,
    Title: post.title,
    Details: post.details,
    Location: own ? { Lat: post.lat, Lng: post.lng, Approximate: false } : { Lat: post.publicLat, Lng: post.publicLng, Approximate: true },
    RadiusKm: post.radiusKm,
    ExpiresAt: post.expiresAt.toISOString(),
    CreatedAt: post.createdAt.toISOString(),
    Open: post.expiresAt > now,
    Poster: { Name: poster.name, Image: poster.image ?? '', _id: post.posterId },
    ...(found.distanceM === undefined ? {} : { DistanceKm: Math.round(found.distanceM / 100) / 10 }),
    Answers: answers,
    ...(post.hiddenAt ? { Hidden: { Reason: post.hiddenReason ?? '', At: post.hiddenAt.toISOString() } } : {}),
  };
}

/**
 * Deletes post `id` for `user`: its poster or a moderator.
 * @throws 404 unknown (or unseen), 403 someone else's.
 */
export async function deleteWanted(db: Database, id: string, user: SessionUser, now: Date): Promise<number> {
  const found = await requireVisibleWanted(db, id, user, now);
  if (found.post.posterId !== user.id && !isModeratorRole(user.role)) throw problem(403, 'You can only delete your own Wanted posts.');
  const gone = await db.delete(wantedPosts).where(eq(wantedPosts.id, id)).returning({ id: wantedPosts.id });
  return gone.length;
}
