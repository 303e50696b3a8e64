/** Routes of `/api/blocks`: block, unblock and list, for the signed-in user. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BlockInput, BlockedPerson, DeleteResult, InsertResult, UserIdParams } from '../../contract/index.js';
import { block, listBlocked, unblock } from './repository.js';

export async function blockRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.post('/api/blocks', { schema: { tags: ['blocks'], body: BlockInput, response: { 201: InsertResult } } }, async (req, reply) => {
    const user = await req.requireUser({ fresh: true });
    await block(db, user.id, req.body.UserId);
    return reply.status(201).send({ acknowledged: true, insertedId: req.body.UserId });
  });

  r.delete('/api/blocks/:userId', { schema: { tags: ['blocks'], params: UserIdParams, response: { 200: DeleteResult } } }, async (req) => {
    const user = await req.requireUser({ fresh: true });
    return { acknowledged: true as const, deletedCount: await unblock(db, user.id, req.params.userId) };
  });

  r.get('/api/blocks', { schema: { tags: ['blocks'], response: { 200: z.array(BlockedPerson) } } }, async (req, reply) => {
    const user = await req.requireUser();
    reply.header('cache-control', 'no-store');
    return listBlocked(db, user.id);
  });
}
