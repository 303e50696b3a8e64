/**
 * `/api/account/*`, for the Account page: the signed-in user's sessions
 * (list; end one; end all others) and the download of their data (GDPR Art.
 * 15/20). Account deletion (Art. 17) is Better Auth's `POST /api/auth/delete-user`.
 * `/api/account/held`: what a Google takeover held for the owner's review.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AccountExport, AccountSession, DeleteResult, HeldItems, IdParams, UpdateResult } from '../../contract/index.js';
import { problem } from '../http/problem.js';
import { deleteHeld, keepHeld, listHeld } from './held.js';
import { exportAccount, listSessions, revokeOtherSessions, revokeSession } from './repository.js';

export async function accountRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  // Personal data: never stored by a shared cache or kept by the browser.
  const noStore = { 'cache-control': 'no-store' };

  r.get(
    '/api/account/sessions',
    { schema: { tags: ['account'], description: 'The signed-in user’s sessions, most recently active first.', response: { 200: z.array(AccountSession) } } },
    async (req, reply) => {
      const user = await req.requireUser();
      reply.headers(noStore);
      return listSessions(db, user.id, user.sessionId);
    },
  );

  r.delete(
    '/api/account/sessions/:id',
    { schema: { tags: ['account'], description: 'Ends one of the signed-in user’s sessions.', params: IdParams, response: { 200: DeleteResult } } },
    async (req) => {
      const user = await req.requireUser({ fresh: true });
      const deletedCount = await revokeSession(db, user.id, req.params.id);
      if (!deletedCount) throw problem(404, 'You have no session with this id.');
      return { acknowledged: true as const, deletedCount };
    },
  );

  r.delete(
    '/api/account/sessions',
    { schema: { tags: ['account'], description: 'Ends every session of the signed-in user except the one asking.', response: { 200: DeleteResult } } },
    async (req) => {
      const user = await req.requireUser({ fresh: true });
      const deletedCount = await revokeOtherSessions(db, user.id, user.sessionId!);
      return { acknowledged: true as const, deletedCount };
    },
  );

  r.get(
    '/api/account/export',
    { schema: { tags: ['account'], description: 'Everything Plateful keeps about the signed-in user, as a JSON download.', response: { 200: AccountExport } } },
    async (req, reply) => {
      const user = await req.requireUser();
      const data = await exportAccount(db, user.id, user.sessionId);
      reply.headers(noStore).header('content-disposition', `attachment; filename="plateful-export-${data.ExportedAt.slice(0, 10)}.json"`);
      return data;
    },
  );

  r.get(
    '/api/account/held',
    { schema: { tags: ['account'], description: 'Listings and requests held for review after Google sign-in took over a never-verified account.', response: { 200: HeldItems } } },
    async (req, reply) => {
      const user = await req.requireUser();
      reply.headers(noStore);
      return listHeld(db, user.id);
    },
  );

  r.post(
    '/api/account/held/keep',
    { schema: { tags: ['account'], description: 'Keeps every held listing and request: they are shown again, under the current name and photo.', response: { 200: UpdateResult } } },
    async (req) => {
      const user = await req.requireUser({ fresh: true });
      const modifiedCount = await keepHeld(db, user);
      return { acknowledged: true as const, matchedCount: modifiedCount, modifiedCount };
    },
  );

  r.delete(
    '/api/account/held',
    { schema: { tags: ['account'], description: 'Deletes every held listing and request.', response: { 200: DeleteResult } } },
    async (req) => {
      const user = await req.requireUser({ fresh: true });
      return { acknowledged: true as const, deletedCount: await deleteHeld(db, user.id) };
    },
  );
}
