/**
 * Web Push API: `GET /api/push/public-key` (the VAPID key browsers
 * subscribe with), `POST`/`DELETE /api/push-subscriptions` (one device of the
 * signed-in user, by endpoint; at most `MAX_SUBSCRIPTIONS` per account, the oldest
 * dropped), `GET`/`PUT /api/push-preferences` (which kinds
 * of notification push, beside the email switches).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  DeleteResult,
  InsertResult,
  PushPublicKey,
  PushSubscriptionDelete,
  PushSubscriptionInput,
} from '../../contract/index.js';
import type { Config } from '../config.js';
import { problem } from '../http/problem.js';
import { switchRoutes } from '../email-preferences/switch-routes.js';
import { isP256Point, refusePushEndpoint } from './endpoint.js';
import { deleteSubscription, getPushPreferences, saveSubscription, setPushPreferences } from './repository.js';

export async function pushRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const { vapid, pushAllowPrivate } = opts.config;

  r.get('/api/push/public-key', { schema: { tags: ['push'], response: { 200: PushPublicKey } } }, async () => ({ publicKey: vapid.publicKey }));

  r.post(
    '/api/push-subscriptions',
    { schema: { tags: ['push'], body: PushSubscriptionInput, response: { 201: InsertResult } } },
    async (req, reply) => {
      const user = await req.requireUser();
      const refused = await refusePushEndpoint(req.body.endpoint, pushAllowPrivate);
      if (refused) throw problem(400, refused, { errors: [{ field: 'endpoint', message: refused }] });
      if (!isP256Point(req.body.keys.p256dh)) {
        const message = 'is not a point on the P-256 curve';
        throw problem(400, `keys.p256dh ${message}.`, { errors: [{ field: 'keys.p256dh', message }] });
      }
      const id = await saveSubscription(db, user.id, req.body);
      return reply.status(201).send({ acknowledged: true as const, insertedId: id });
    },
  );

  r.delete(
    '/api/push-subscriptions',
    { schema: { tags: ['push'], body: PushSubscriptionDelete, response: { 200: DeleteResult } } },
    async (req) => {
      const user = await req.requireUser();
      return { acknowledged: true as const, deletedCount: await deleteSubscription(db, user.id, req.body.endpoint) };
    },
  );

  switchRoutes(app, { path: '/api/push-preferences', tag: 'push', get: getPushPreferences, set: setPushPreferences });
}
