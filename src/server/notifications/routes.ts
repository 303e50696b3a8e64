/** Routes of `/api/notifications`: the signed-in user's own notifications. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  MarkReadInput,
  MarkReadResult,
  NOTIFICATIONS_DEFAULT_LIMIT,
  Notification,
  NotificationsQuery,
  UnreadCount,
} from '../../contract/index.js';
import { listNotifications, markRead, toNotification, unreadCount } from './repository.js';

export async function notificationRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    '/api/notifications',
    {
      schema: {
        tags: ['notifications'],
        description: 'Newest first. When more follow, `X-Next-Cursor` and `Link: <…>; rel="next"` name the next page.',
        querystring: NotificationsQuery,
        response: { 200: z.array(Notification) },
      },
    },
    async (req, reply) => {
      const user = await req.requireUser();
      const limit = req.query.limit ?? NOTIFICATIONS_DEFAULT_LIMIT;
      const rows = await listNotifications(db, user.id, limit + 1, req.query.cursor);
      if (rows.length > limit) {
        const cursor = rows[limit - 1]!.id;
        reply.header('x-next-cursor', cursor).header('link', `</api/notifications?limit=${limit}&cursor=${cursor}>; rel="next"`);
      }
      return rows.slice(0, limit).map(toNotification);
    },
  );

  r.get(
    '/api/notifications/unread-count',
    { schema: { tags: ['notifications'], response: { 200: UnreadCount } } },
    async (req) => {
      const user = await req.requireUser();
      return { count: await unreadCount(db, user.id) };
    },
  );

  r.post(
    '/api/notifications/read',
    { schema: { tags: ['notifications'], body: MarkReadInput, response: { 200: MarkReadResult } } },
    async (req) => {
      const user = await req.requireUser({ fresh: true });
      return markRead(db, user.id, req.body);
    },
  );
}
