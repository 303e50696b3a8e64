/**
 * This process's open `/api/events` streams, by user, and the forwarding of live
 * events (bus.ts) to them as Server-Sent Events (WHATWG HTML §9.2):
 * `event: notification` (with `id:` so `Last-Event-ID` resumes) followed by
 * `event: unread`, and `event: message` to both parties of a conversation.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { findMessage, toMessage } from '../messages/repository.js';
import { findNotification, toNotification, unreadCount } from '../notifications/repository.js';
import { parseLiveEvent, type LiveEvent } from './bus.js';

/** One open stream. */
export interface Stream {
  userId: string;
  write(chunk: string): void;
}

/** One SSE frame; `data` is sent as one line of JSON. */
export function sseFrame(event: string, data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class EventHub {
  private readonly byUser = new Map<string, Set<Stream>>();

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

  /** Forwards one NOTIFY payload to the streams it concerns; never throws. */
  deliver(payload: string): void {
    const event = parseLiveEvent(payload);
    if (!event) return;
    this.forward(event).catch((err: unknown) => this.log.warn({ err }, 'live event not delivered'));
  }

  /** Sends every stream its user's unread count (after a reconnect of the listener, events may be lost). */
  async refreshAll(): Promise<void> {
    for (const userId of this.byUser.keys()) await this.forward({ kind: 'unread', userId });
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
    if (!this.byUser.has(event.userId)) return;
    if (event.kind === 'notification') {
      const row = await findNotification(this.db, event.id);
      if (row) this.send(event.userId, () => sseFrame('notification', toNotification(row), row.id));
    }
    const count = await unreadCount(this.db, event.userId);
    this.send(event.userId, () => sseFrame('unread', { count }));
  }

  private send(userId: string, frame: (s: Stream) => string): void {
    for (const s of this.byUser.get(userId) ?? []) s.write(frame(s));
  }
}
