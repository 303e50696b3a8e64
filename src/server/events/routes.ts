/**
 * `GET /api/events`: the signed-in user's live events as Server-Sent
 * Events. On connect: `retry:`, the notifications after `Last-Event-ID` (header,
 * or `lastEventId` query for clients that cannot set headers), then `event: unread`.
 * After that whatever the hub forwards, and a comment heartbeat every 25 s. Live
 * events reach every process through LISTEN/NOTIFY (bus.ts). A stream closes
 * with `event: closed` when its session ends (database trigger, and a
 * re-check on every heartbeat) or when its user or address holds more streams
 * than the caps (the oldest close).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { DatabaseHandle } from '../db/client.js';
import type { Config } from '../config.js';
import { EVENTS_CHANNEL, publish } from './bus.js';
import { EventHub, type LiveFeed, type ReplayFeed, type Stream } from './hub.js';
import { HEARTBEAT_MS, liveSessions, streamOpened, streamsAlive, streamsClosed, streamsOverCap } from './presence.js';

const EventsQuery = z.object({ lastEventId: z.string().optional() });

/**
 * Registers the hub, its LISTEN and the route; `listen` is the database handle's, `caps` the stream caps (config.ts),
 * `replay` and `feeds` what the streams carry (hub.ts),
 * `heartbeatMs` the interval of heartbeats and session re-checks (default `HEARTBEAT_MS`; tests shorten it),
 * `onStreamCount` hears the count of open streams.
 */
export async function eventRoutes(
  app: FastifyInstance,
  opts: {
    listen: DatabaseHandle['listen'];
    caps: Pick<Config, 'eventStreamsPerUser' | 'eventStreamsPerAddress'>;
    replay: ReplayFeed;
    feeds: LiveFeed[];
    heartbeatMs?: number;
    /** Told the number of this process's open streams whenever it changes (the metrics gauge). */
    onStreamCount?: (open: number) => void;
  },
) {
  const db = app.db;
  const hub = new EventHub(opts.replay, opts.feeds, app.log.child({ module: 'events' }));

  let first = true;
  const unlisten = await opts.listen(
    EVENTS_CHANNEL,
    (payload) => hub.deliver(payload),
    () => {
      // LISTEN is back after a lost connection: what was committed meanwhile was not heard.
      if (!first) void hub.replayAll();
      first = false;
    },
  );
  const presenceIds = () => hub.all().flatMap((s) => (s.presenceId ? [s.presenceId] : []));
  const heartbeat = setInterval(() => {
    const streams = hub.all();
    for (const s of streams) s.write(': heartbeat\n\n');
    streamsAlive(db, presenceIds()).catch((err: unknown) => app.log.warn({ err: { message: (err as Error).message } }, 'stream presence not refreshed'));
    // A session that ended unheard (NOTIFY lost, expiry) still closes its streams here.
    liveSessions(db, [...new Set(streams.map((s) => s.sessionId))]).then(
      (alive) => hub.closeWhere((s) => streams.includes(s) && !alive.has(s.sessionId), 'session-ended'),
      (err: unknown) => app.log.warn({ err: { message: (err as Error).message } }, 'stream sessions not checked'),
    );
  }, opts.heartbeatMs ?? HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    const ids = presenceIds();
    for (const s of hub.all()) s.end();
    await unlisten();
    await streamsClosed(db, ids).catch(() => undefined);
  });

  app.withTypeProvider<ZodTypeProvider>().get('/api/events', { schema: { tags: ['events'], description: 'Server-Sent Events of the signed-in user.', querystring: EventsQuery } }, async (req, reply) => {
    const user = await req.requireUser();
    const sessionId = user.sessionId ?? '';
    const header = req.headers['last-event-id'];
    // Where this stream starts: after Last-Event-ID, or after everything already committed.
    const lastSeq = await hub.startSeq(user.id, typeof header === 'string' ? header : req.query.lastEventId);

    reply.hijack();
    const res = reply.raw;
    res.writeHead(200, {
      ...(reply.getHeaders() as Record<string, string>),
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-cache, no-transform',
      // Proxies such as nginx would otherwise hold events back in their buffers.
      'x-accel-buffering': 'no',
    });
    res.flushHeaders();
    // Ending: the socket served this stream only, so it goes too (no idle keep-alive left).
    const socket = req.raw.socket;
    const stream: Stream = {
      userId: user.id,
      sessionId,
      lastSeq,
      write: (chunk) => void res.write(chunk),
      end: () => res.end(() => socket.destroy()),
    };
    let closed = false;
    hub.add(stream);
    opts.onStreamCount?.(hub.all().length);
    res.on('close', () => {
      closed = true;
      hub.remove(stream);
      opts.onStreamCount?.(hub.all().length);
      if (stream.presenceId) void streamsClosed(db, [stream.presenceId]).catch(() => undefined);
    });

    try {
      res.write(`retry: 3000\n\n`);
      const presenceId = await streamOpened(db, { userId: user.id, sessionId, address: req.ip });
      if (closed) return void (await streamsClosed(db, [presenceId]));
      stream.presenceId = presenceId;
      // A session that ended while this stream was opening: its NOTIFY may have come before hub.add.
      if (!(await liveSessions(db, [sessionId])).has(sessionId)) return hub.closeWhere((s) => s === stream, 'session-ended');
      const over = await streamsOverCap(db, user.id, req.ip, opts.caps.eventStreamsPerUser, opts.caps.eventStreamsPerAddress);
      // The oldest streams over a cap close on whichever process holds them.
      if (over.length) await publish(db, { kind: 'stream-close', ids: over });
      await hub.replay(stream);
    } catch (err) {
      req.log.warn({ err: { message: (err as Error).message } }, 'event stream failed to start');
      res.end();
    }
  });
}
