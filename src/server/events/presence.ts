/**
 * Who has an `/api/events` stream open, in any process (a message mail
 * goes only to a recipient without one). Each stream is a row; its process
 * refreshes `seen_at` with every heartbeat and deletes the row when the stream
 * ends, and a row not refreshed for `STALE_SECONDS` (a process that died) no
 * longer counts.
 */
import { and, desc, eq, gt, inArray, sql, type SQL } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { eventStreams } from './schema.js';
import { sessions } from '../db/schema/index.js';

/** Heartbeat of the streams, ms (a comment every 25 s). */
export const HEARTBEAT_MS = 25_000;
/** Age after which an unrefreshed stream row no longer counts, seconds (two heartbeats and a margin). */
export const STALE_SECONDS = 60;

/** Records an open stream of `userId`, opened with `sessionId` from `address`; returns its row id. */
export async function streamOpened(db: Database, s: { userId: string; sessionId: string; address: string }): Promise<string> {
  const [row] = await db.insert(eventStreams).values(s).returning({ id: eventStreams.id });
  return row!.id;
}

/**
 * Ids of live streams beyond the caps: all but
 * the newest `perUser` of `userId`'s and the newest `perAddress` of `address`'s,
 * in every process. The caller tells their processes to close them.
 */
export async function streamsOverCap(db: Database, userId: string, address: string, perUser: number, perAddress: number): Promise<string[]> {
  const fresh = gt(eventStreams.seenAt, sql`now() - make_interval(secs => ${STALE_SECONDS})`);
  const over = (where: SQL | undefined, keep: number) =>
    db
      .select({ id: eventStreams.id })
      .from(eventStreams)
      .where(and(where, fresh))
      .orderBy(desc(eventStreams.openedAt), desc(eventStreams.id))
      .offset(keep);
  const [a, b] = await Promise.all([over(eq(eventStreams.userId, userId), perUser), over(eq(eventStreams.address, address), perAddress)]);
  return [...new Set([...a, ...b].map((r) => r.id))];
}

/** Which of `sessionIds` still name a live session (streams re-check theirs on each heartbeat). */
export async function liveSessions(db: Database, sessionIds: string[]): Promise<Set<string>> {
  if (!sessionIds.length) return new Set();
  const rows = await db
    .select({ id: sessions.id })
    .from(sessions)
    .where(and(inArray(sessions.id, sessionIds), gt(sessions.expiresAt, sql`now()`)));
  return new Set(rows.map((r) => r.id));
}

/** Refreshes the rows of this process's open streams (and drops rows gone stale anywhere). */
export async function streamsAlive(db: Database, ids: string[]): Promise<void> {
  if (ids.length) await db.update(eventStreams).set({ seenAt: sql`now()` }).where(inArray(eventStreams.id, ids));
  await db.delete(eventStreams).where(sql`${eventStreams.seenAt} < now() - make_interval(secs => ${STALE_SECONDS})`);
}

/** Forgets ended streams. */
export async function streamsClosed(db: Database, ids: string[]): Promise<void> {
  if (ids.length) await db.delete(eventStreams).where(inArray(eventStreams.id, ids));
}

/** True when `userId` has a stream open in any process. */
export async function hasOpenStream(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: eventStreams.id })
    .from(eventStreams)
    .where(and(eq(eventStreams.userId, userId), gt(eventStreams.seenAt, sql`now() - make_interval(secs => ${STALE_SECONDS})`)))
    .limit(1);
  return Boolean(row);
}
