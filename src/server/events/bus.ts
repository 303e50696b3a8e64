/**
 * Live events between server processes (DESIGN.md "Beyond the spec (turn 2)"):
 * a writer calls `publish` inside its transaction, PostgreSQL delivers the
 * `NOTIFY` to every listening process when (and only if) that transaction commits,
 * and each process's `EventHub` (hub.ts) forwards it to its open `/api/events`
 * streams. On the embedded PGlite the same NOTIFY is delivered in-process.
 *
 * A payload names what changed, never its content (NOTIFY payloads stop at 8000
 * bytes, a message may be 2000 characters): the feeds (hub.ts) read the rows they forward.
 */
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';

/** The NOTIFY channel of live events. */
export const EVENTS_CHANNEL = 'plateful_events';

/**
 * What a live event says: a new notification, a changed unread count, a new
 * message; or that streams must close: a session ended (database trigger on
 * `sessions`, drizzle/0006), a user was banned (trigger on `users`), or streams
 * over a cap (`ids`: their presence rows, presence.ts); or that a person's name, photo,
 * address, verification, role or ban changed (`user-changed`, trigger on `users`: the
 * session caches drop them, auth/session-cache.ts).
 */
export type LiveEvent =
  | { kind: 'notification'; userId: string; id: string }
  | { kind: 'unread'; userId: string }
  | { kind: 'message'; userIds: string[]; id: string }
  | { kind: 'session-ended'; sessionId: string }
  | { kind: 'user-ended'; userId: string }
  | { kind: 'user-changed'; userId: string }
  | { kind: 'stream-close'; ids: string[] };

/** A Drizzle database or a transaction on it. */
export type DbOrTx = Pick<Database, 'execute'>;


/** Sends `event` to every process once the transaction of `tx` commits. */
export async function publish(tx: DbOrTx, event: LiveEvent): Promise<void> {
  await tx.execute(sql`select pg_notify(${EVENTS_CHANNEL}, ${JSON.stringify(event)})`);
}

/** Parses a NOTIFY payload of `EVENTS_CHANNEL`; undefined when it is not a live event. */
export function parseLiveEvent(payload: string): LiveEvent | undefined {
  try {
    const e = JSON.parse(payload) as LiveEvent;
    if (e.kind === 'notification' && typeof e.userId === 'string' && typeof e.id === 'string') return e;
    if (e.kind === 'unread' && typeof e.userId === 'string') return e;
    if (e.kind === 'message' && Array.isArray(e.userIds) && typeof e.id === 'string') return e;
    if (e.kind === 'session-ended' && typeof e.sessionId === 'string') return e;
    if (e.kind === 'user-ended' && typeof e.userId === 'string') return e;
    if (e.kind === 'user-changed' && typeof e.userId === 'string') return e;
    if (e.kind === 'stream-close' && Array.isArray(e.ids)) return e;
  } catch {
    // Not ours: ignore.
  }
  return undefined;
}
