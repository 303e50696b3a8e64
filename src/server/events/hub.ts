/**
 * This process's open `/api/events` streams, by user, and the forwarding of live
 * events (bus.ts) to them as Server-Sent Events (WHATWG HTML §9.2).
 *
 * The hub knows no feature: what a live event sends is the business of the
 * `LiveFeed`s handed to it (notifications/live.ts, messages/live.ts, wired in
 * app.ts). Events are forwarded one after another in NOTIFY order; the
 * `ReplayFeed` sends a stream what was committed after its `lastSeq` when it
 * opens and, through `replayAll`, when the LISTEN connection comes back.
 * A stream ends with `event: closed` when its session ends, its user is
 * banned, or it is over a cap (`close*`); the client should not reconnect then.
 */
import type { FastifyBaseLogger } from 'fastify';
import { parseLiveEvent, type LiveEvent } from './bus.js';

/** Why a stream was closed by the server (the `closed` event's `reason`). */
export type CloseReason = 'session-ended' | 'too-many-streams';

/** One open stream. */
export interface Stream {
  userId: string;
  sessionId: string;
  /** Its presence row (presence.ts), once written. */
  presenceId?: string;
  /** Position of the last replayable event sent, in the `ReplayFeed`'s sequence (or where the stream started). */
  lastSeq: number;
  /**
   * Set once the `ReplayFeed` has sent its catch-up: until then the feed sends this stream nothing live,
   * so the replayed notifications come before any `unread` (routes.ts' connect order).
   */
  caughtUp?: boolean;
  write(chunk: string): void;
  /** Ends the response and its socket. */
  end(): void;
}

/** The open streams of one user (none when the user has no stream in this process). */
export type StreamsOf = (userId: string) => Stream[];

/** What a feature sends down the streams. */
export interface LiveFeed {
  /** Writes `event` to the streams it concerns; ignores events that are not its own. May read the database. */
  forward(event: LiveEvent, streamsOf: StreamsOf): Promise<void>;
}

/** A feed whose events a stream can miss and get later: it owns `Stream.lastSeq`. */
export interface ReplayFeed extends LiveFeed {
  /** Where a new stream of `userId` starts: after the client's `Last-Event-ID` when it names one, else after everything committed. */
  startSeq(userId: string, lastEventId: string | undefined): Promise<number>;
  /** Sends `stream` what was committed after its `lastSeq` and moves `lastSeq` on. */
  catchUp(stream: Stream): Promise<void>;
}

/** One SSE frame; `data` is sent as one line of JSON. */
export function sseFrame(event: string, data: unknown, id?: string): string {
  return `${id ? `id: ${id}\n` : ''}event: ${event}\ndata: ${JSON.stringify(data)}\n\n`;
}

export class EventHub {
  private readonly byUser = new Map<string, Set<Stream>>();
  /** Forwarding runs one event at a time, in the order NOTIFY delivered them. */
  private queue: Promise<void> = Promise.resolve();
  private readonly feeds: LiveFeed[];

  /** `replay` decides where streams start and what they missed; `feeds` forward the other events. */
  constructor(
    private readonly replayFeed: ReplayFeed,
    feeds: LiveFeed[],
    private readonly log: FastifyBaseLogger,
  ) {
    this.feeds = [replayFeed, ...feeds];
  }

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

  /** Where a new stream of `userId` starts (`ReplayFeed.startSeq`). */
  startSeq(userId: string, lastEventId: string | undefined): Promise<number> {
    return this.replayFeed.startSeq(userId, lastEventId);
  }

  /** Forwards one NOTIFY payload to the streams it concerns, or closes the streams it names; never throws. */
  deliver(payload: string): void {
    const event = parseLiveEvent(payload);
    if (!event) return;
    // Closing needs no database read: done at once, not behind queued forwards.
    if (event.kind === 'session-ended') return this.closeWhere((s) => s.sessionId === event.sessionId, 'session-ended');
    if (event.kind === 'user-ended') return this.closeWhere((s) => s.userId === event.userId, 'session-ended');
    if (event.kind === 'user-changed') return; // for the session caches (auth/session-cache.ts)
    if (event.kind === 'stream-close') {
      const ids = new Set(event.ids);
      return this.closeWhere((s) => s.presenceId !== undefined && ids.has(s.presenceId), 'too-many-streams');
    }
    this.enqueue(async () => {
      for (const feed of this.feeds) await feed.forward(event, this.streamsOf);
    });
  }

  /** Sends `stream` what it missed after its `lastSeq` (in queue order). */
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

  private readonly streamsOf: StreamsOf = (userId) => [...(this.byUser.get(userId) ?? [])];

  private enqueue(task: () => Promise<void>): Promise<void> {
    const run = this.queue.then(task).catch((err: unknown) => this.log.warn({ err: { message: (err as Error).message } }, 'live event not delivered'));
    this.queue = run;
    return run;
  }

  private async catchUp(stream: Stream): Promise<void> {
    // A stream that closed while queued gets nothing.
    if (!this.byUser.get(stream.userId)?.has(stream)) return;
    await this.replayFeed.catchUp(stream);
    stream.caughtUp = true;
  }
}
