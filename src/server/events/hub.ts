/**
 * This process's open `/api/events` streams, by user, and the forwarding of live
 * events (bus.ts) to them as Server-Sent Events (WHATWG HTML §9.2):
 * `event: notification` (with `id:` so `Last-Event-ID` resumes) followed by
 * `event: unread`, and `event: message` to both parties of a conversation.
 *
 * Every stream remembers the `seq` of the
 * last notification it got (commit order, notifications schema); events are
 * forwarded one after another in NOTIFY order, and when the LISTEN connection
 * comes back `replayAll` sends each stream what was committed meanwhile.
 * A stream ends with `event: closed` when its session ends, its user is
 * banned, or it is over a cap (`close*`); the client should not reconnect then.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { findMessage, toMessage } from '../messages/repository.js';
import { findNotification, notificationsAfterSeq, toNotification, unreadCount } from '../notifications/repository.js';
import { parseLiveEvent, type LiveEvent } from './bus.js';

/** Why a stream was closed by the server (the `closed` event's `reason`). */
export type CloseReason = 'session-ended' | 'too-many-streams';

/** One open stream. */
export interface Stream {
  userId: string;
  sessionId: string;
  /** Its presence row (presence.ts), once written. */
  presenceId?: string;
  /** `seq` of the last notification sent (or the user's latest when it opened). */
  lastSeq: number;
  write(chunk: string): void;
  /** Ends the response and its socket. */
  end(): void;
}

/** One SSE frame; `data` is sent as one line of JSON. */
export function sseFrame(event: string, data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class EventHub {
  private readonly byUser = new Map<string, Set<Stream>>();
  /** Forwarding runs one event at a time, in the order NOTIFY delivered them. */
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Database,
    private readonly log: FastifyBaseLogger,
  ) {}

  add(stream: Stream): void {
    let set = this.byUser.get(stream.userId);
    if (!set) this.byUser.set(stream.userId, (set = new Set()));
    set.add(stream);
  }

  remove(stream: Stream): void {
    const set = this.byUser.get(stream.userId);
    set?.delete(stream);
    if (set?.size === 0) this.byUser.delete(stream.userId);
  }

  /** Every open stream. */
  all(): Stream[] {
    return [...this.byUser.values()].flatMap((set) => [...set]);
  }

  /** Forwards one NOTIFY payload to the streams it concerns, or closes the streams it names; never throws. */
  deliver(payload: string): void {
    const event = parseLiveEvent(payload);
    if (!event) return;
    // Closing needs no database read: done at once, not behind queued forwards.
    if (event.kind === 'session-ended') return this.closeWhere((s) => s.sessionId === event.sessionId, 'session-ended');
    if (event.kind === 'user-ended') return this.closeWhere((s) => s.userId === event.userId, 'session-ended');
    if (event.kind === 'stream-close') {
      const ids = new Set(event.ids);
      return this.closeWhere((s) => s.presenceId !== undefined && ids.has(s.presenceId), 'too-many-streams');
    }
    this.enqueue(() => this.forward(event));
  }

  /** Sends `stream` the notifications committed after its `lastSeq`, then its unread count (in queue order). */
  replay(stream: Stream): Promise<void> {
    return this.enqueue(() => this.catchUp(stream));
  }

  /** `replay` for every open stream: after the LISTEN connection was lost and came back. */
  replayAll(): Promise<void> {
    return this.enqueue(async () => {
      for (const s of this.all()) await this.catchUp(s);
    });
  }

  /** Closes every stream `match` accepts, telling it why. */
  closeWhere(match: (s: Stream) => boolean, reason: CloseReason): void {
    for (const s of this.all().filter(match)) {
      this.remove(s);
      s.write(sseFrame('closed', { reason }));
      s.end();
    }
  }

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task).catch((err: unknown) => this.log.warn({ err: { message: (err as Error).message } }, 'live event not delivered'));
    this.queue = run;
    return run;
  }

  private async catchUp(stream: Stream): Promise<void> {
    if (!this.byUser.get(stream.userId)?.has(stream)) return;
    for (const row of await notificationsAfterSeq(this.db, stream.userId, stream.lastSeq)) {
      stream.write(sseFrame('notification', toNotification(row), row.id));
      stream.lastSeq = Math.max(stream.lastSeq, row.seq);
    }
    stream.write(sseFrame('unread', { count: await unreadCount(this.db, stream.userId) }));
  }

  private async forward(event: LiveEvent): Promise<void> {
    if (event.kind === 'message') {
      const here = event.userIds.filter((u) => this.byUser.has(u));
      if (!here.length) return;
      const row = await findMessage(this.db, event.id);
      if (!row) return;
      for (const userId of here) this.send(userId, (s) => sseFrame('message', toMessage(row, s.userId)));
      return;
    }
    if (event.kind !== 'notification' && event.kind !== 'unread') return;
    if (!this.byUser.has(event.userId)) return;
    if (event.kind === 'notification') {
      const row = await findNotification(this.db, event.id);
      if (row) {
        // A stream that got this one already (by replay) is not sent it twice.
        for (const s of this.byUser.get(event.userId) ?? []) {
          if (row.seq <= s.lastSeq) continue;
          s.lastSeq = row.seq;
          s.write(sseFrame('notification', toNotification(row), row.id));
        }
      }
    }
    const count = await unreadCount(this.db, event.userId);
    this.send(event.userId, () => sseFrame('unread', { count }));
  }

  private send(userId: string, frame: (s: Stream) => string): void {
    for (const s of this.byUser.get(userId) ?? []) s.write(frame(s));
  }
}
