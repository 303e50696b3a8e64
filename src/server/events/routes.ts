/**
 * `GET /api/events` (issue 11): the signed-in user's live events as Server-Sent
 * Events. On connect: `retry:`, the notifications after `Last-Event-ID` (header,
 * or `lastEventId` query for clients that cannot set headers), then `event: unread`.
 * After that whatever the hub forwards, and a comment heartbeat every 25 s. Live
 * events reach every process through LISTEN/NOTIFY (bus.ts).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Id } from '../../contract/index.js';
import type { DatabaseHandle } from '../db/client.js';
import { notificationsAfter, toNotification, unreadCount } from '../notifications/repository.js';
import { EVENTS_CHANNEL } from './bus.js';
import { EventHub, sseFrame, type Stream } from './hub.js';
import { HEARTBEAT_MS, streamOpened, streamsAlive, streamsClosed } from './presence.js';

const EventsQuery = z.object({ lastEventId: z.string().optional() });

/** Registers the hub, its LISTEN and the route; `listen` is the database handle's. */
export async function eventRoutes(app: FastifyInstance, opts: { listen: DatabaseHandle['listen'] }) {
  const db = app.db;
  const hub = new EventHub(db, app.log.child({ module: 'events' }));
  const open = new Map<Stream, { presenceId?: string; end(): void }>();

  let first = true;
  const unlisten = await opts.listen(
    EVENTS_CHANNEL,
    (payload) => hub.deliver(payload),
    () => {
      if (!first) void hub.refreshAll().catch(() => undefined);
      first = false;
    },
  );
  const heartbeat = setInterval(() => {
    for (const s of open.keys()) s.write(': heartbeat\n\n');
    const ids = [...open.values()].flatMap((o) => (o.presenceId ? [o.presenceId] : []));
    streamsAlive(db, ids).catch((err: unknown) => app.log.warn({ err }, 'stream presence not refreshed'));
  }, HEARTBEAT_MS);
  heartbeat.unref();

  app.addHook('preClose', async () => {
    clearInterval(heartbeat);
    const ids = [...open.values()].flatMap((o) => (o.presenceId ? [o.presenceId] : []));
    for (const o of open.values()) o.end();
    await unlisten();
    await streamsClosed(db, ids).catch(() => undefined);
  });

  app.withTypeProvider<ZodTypeProvider>().get('/api/events', { schema: { tags: ['events'], description: 'Server-Sent Events of the signed-in user.', querystring: EventsQuery } }, async (req, reply) => {
    const user = await req.requireUser();
    const header = req.headers['last-event-id'];
    const last = Id.safeParse(typeof header === 'string' ? header : req.query.lastEventId);

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
    const stream: Stream = { userId: user.id, write: (chunk) => void res.write(chunk) };
    // Shutting down: the socket served this stream only, so it goes too (no idle keep-alive left).
    const socket = req.raw.socket;
    const entry: { presenceId?: string; end(): void } = { end: () => res.end(() => socket.destroy()) };
    let closed = false;
    open.set(stream, entry);
    hub.add(stream);
    res.on('close', () => {
      closed = true;
      hub.remove(stream);
      open.delete(stream);
      if (entry.presenceId) void streamsClosed(db, [entry.presenceId]).catch(() => undefined);
    });

    try {
      res.write(`retry: 3000\n\n`);
      const presenceId = await streamOpened(db, user.id);
      if (closed) await streamsClosed(db, [presenceId]);
      else entry.presenceId = presenceId;
      if (last.success) {
        for (const row of await notificationsAfter(db, user.id, last.data)) stream.write(sseFrame('notification', toNotification(row), row.id));
      }
      stream.write(sseFrame('unread', { count: await unreadCount(db, user.id) }));
    } catch (err) {
      req.log.warn({ err }, 'event stream failed to start');
      res.end();
    }
  });
}
