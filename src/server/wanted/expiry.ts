/**
 * Expired Wanted posts leave the list at their expiry (repository.ts reads only open ones) and
 * stay for their poster (`mine=true`) for `WANTED.keepExpiredDays`; then the lifecycle sweep
 * deletes them, their answers and matches with them (docs/api.md "Wanted posts").
 */
import { inArray, lt } from 'drizzle-orm';
import { WANTED } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { wantedPosts } from './schema.js';

const DAY_MS = 24 * 60 * 60 * 1000;
/** Posts one run deletes at most (the next run takes the rest). */
const BATCH = 500;

/**
 * Deletes the posts that expired more than `WANTED.keepExpiredDays` before `now`, at most
 * {@link BATCH} a run, in one statement (a second process deleting the same rows finds them gone).
 * Returns how many were deleted.
 */
export async function deleteExpiredWanted(db: Database, now: Date): Promise<number> {
  const before = new Date(now.getTime() - WANTED.keepExpiredDays * DAY_MS);
  const due = db.select({ id: wantedPosts.id }).from(wantedPosts).where(lt(wantedPosts.expiresAt, before)).limit(BATCH);
  const gone = await db.delete(wantedPosts).where(inArray(wantedPosts.id, due)).returning({ id: wantedPosts.id });
  return gone.length;
}
