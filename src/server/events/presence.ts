/**
 * Who has an `/api/events` stream open, in any process (issue 11: a message mail
 * goes only to a recipient without one). Each stream is a row; its process
 * refreshes `seen_at` with every heartbeat and deletes the row when the stream
 * ends, and a row not refreshed for `STALE_SECONDS` (a process that died) no
 * longer counts.
 */
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { eventStreams } from '../db/schema/index.js';

/** Heartbeat of the streams, ms (issue 11: a comment every 25 s). */
export const HEARTBEAT_MS = 25_000;
/** Age after which an unrefreshed stream row no longer counts, seconds (two heartbeats and a margin). */
export const STALE_SECONDS = 60;

/** Records an open stream of `userId`; returns its row id. */
export async function streamOpened(db: Database, userId: string): Promise<string> {
  const [row] = await db.insert(eventStreams).values({ userId }).returning({ id: eventStreams.id });
  return row!.id;
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
