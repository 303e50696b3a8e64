/**
 * What moderation (src/server/moderation) reads and writes of Wanted posts: a post as
 * reported, and hiding or restoring it. Reports, the audit log and the poster's notice stay
 * in moderation; this folder imports none of it.
 */
import { and, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { SessionUser } from '../auth/plugin.js';
import type { Database } from '../db/client.js';
import { problem } from '../http/problem.js';
import { requireVisibleWanted } from './repository.js';
import { wantedPosts } from './schema.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The post `id` as `reporter` reports it: its poster and a snapshot of its words.
 * @throws 404 unknown or unseen, 409 `own_target` for the reporter's own post.
 */
export async function reportedWanted(tx: Database, id: string, reporter: SessionUser): Promise<{ ownerId: string; snapshot: Record<string, unknown> }> {
  const notFound = problem(404, 'There is nothing with this id to report.');
  if (!UUID.test(id)) throw notFound;
  const { post, poster } = await requireVisibleWanted(tx, id, reporter, new Date()).catch(() => {
    throw notFound;
  });
  if (post.posterId === reporter.id) throw problem(409, 'You cannot report your own Wanted post.', { code: 'own_target' });
  return { ownerId: post.posterId, snapshot: { Title: post.title, Details: post.details, PosterName: poster.name, ExpiresAt: post.expiresAt.toISOString() } };
}

/**
 * Hides (`hide`, with `reason`) or restores post `id`; `guard` checks the poster before hiding.
 * @returns the post's poster and title, and whether it changed.
 * @throws 404 unknown post.
 */
export async function setWantedHidden(
  tx: Database,
  id: string,
  hide: boolean,
  reason: string,
  guard: (tx: Database, userId: string) => Promise<void>,
): Promise<{ posterId: string; title: string; changed: boolean }> {
  const missing = problem(404, 'No Wanted post has this id.');
  if (!UUID.test(id)) throw missing;
  const [row] = await tx.select().from(wantedPosts).where(eq(wantedPosts.id, id)).for('update');
  if (!row) throw missing;
  if (hide) await guard(tx, row.posterId);
  const changed = (row.hiddenAt !== null) !== hide;
  if (changed) {
    await tx
      .update(wantedPosts)
      .set(hide ? { hiddenAt: new Date(), hiddenReason: reason } : { hiddenAt: null, hiddenReason: null })
      .where(eq(wantedPosts.id, id));
  }
  return { posterId: row.posterId, title: row.title, changed };
}

/** Hides post `id` with `reason` unless it is hidden already; returns its poster and title when it was hidden now. */
export async function autoHideWanted(tx: Database, id: string, reason: string): Promise<{ posterId: string; title: string } | undefined> {
  const [hidden] = await tx
    .update(wantedPosts)
    .set({ hiddenAt: new Date(), hiddenReason: reason })
    .where(and(eq(wantedPosts.id, id), isNull(wantedPosts.hiddenAt)))
    .returning({ posterId: wantedPosts.posterId, title: wantedPosts.title });
  return hidden;
}

/** Which of `ids` are hidden now (the moderation queue's `Hidden`). */
export async function hiddenWanted(db: Database, ids: string[]): Promise<string[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: wantedPosts.id }).from(wantedPosts).where(and(inArray(wantedPosts.id, ids), isNotNull(wantedPosts.hiddenAt)));
  return rows.map((r) => r.id);
}

/** The title and hidden state of each of `ids` (the moderators' log names its targets). */
export async function wantedNames(db: Database, ids: string[]): Promise<{ id: string; title: string; hidden: boolean }[]> {
  if (!ids.length) return [];
  const rows = await db.select({ id: wantedPosts.id, title: wantedPosts.title, hiddenAt: wantedPosts.hiddenAt }).from(wantedPosts).where(inArray(wantedPosts.id, ids));
  return rows.map((r) => ({ id: r.id, title: r.title, hidden: r.hiddenAt !== null }));
}
