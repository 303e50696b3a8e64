/**
 * Per-user write limit (`WRITE_LIMIT` in limits.ts): every
 * POST/PUT/PATCH/DELETE on `/api/foods`, `/api/requests`, `/api/images`, `/api/reports` and `/api/blocks` by a signed-in user
 * counts against `write:<userId>` in the database; past the limit the answer is
 * a 429 problem document with `Retry-After`. Anonymous writes are not counted:
 * the routes refuse them with 401.
 */
import type { FastifyInstance } from 'fastify';
import { consume, sendTooMany, WRITE_LIMIT, type Limit } from './limits.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const LIMITED = /^\/api\/(foods|requests|images|reports|blocks)(\/|$)/;

/** Registers the `onRequest` hook; `limit` defaults to `WRITE_LIMIT`. Call after the auth plugin. */
export function registerWriteLimit(app: FastifyInstance, limit: Limit = WRITE_LIMIT): void {
  app.addHook('onRequest', async (req, reply) => {
    const route = req.routeOptions.url;
    if (!WRITES.has(req.method) || !route || !LIMITED.test(route)) return;
    // Writes resolve the session bypassing the cookie cache anyway; the plugin reuses this lookup.
    const user = await req.sessionUser({ fresh: true });
    if (!user) return;
    const decision = await consume(app.db, `write:${user.id}`, limit);
    if (!decision.allowed) {
      return sendTooMany(reply, decision.retryAfter, 'Too many changes in a short time. Please wait a moment and try again.');
    }
  });
}
