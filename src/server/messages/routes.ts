/** Routes of `/api/requests/{requestId}/messages` and `…/conversation`: the donor and the requester only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Conversation, InsertResult, Message, MessageInput, RequestIdParams } from '../../contract/index.js';
import { limited } from '../http/limits.js';
import { MESSAGE_COUNTERS } from './limits.js';
import { listMessages, requireParty, sendMessage, toMessage } from './repository.js';

export async function messageRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    '/api/requests/:requestId/messages',
    {
      schema: {
        tags: ['messages'],
        description: 'The conversation of a request, oldest first (its donor and requester only).',
        params: RequestIdParams,
        response: { 200: z.array(Message) },
      },
    },
    async (req) => {
      const user = await req.requireUser();
      return (await listMessages(db, req.params.requestId, user.id)).map((m) => toMessage(m, user.id));
    },
  );

  r.get(
    '/api/requests/:requestId/conversation',
    {
      schema: {
        tags: ['messages'],
        description: 'What the conversation of a request is about: the food, its status and the other person (its donor and requester only).',
        params: RequestIdParams,
        response: { 200: Conversation },
      },
    },
    async (req) => {
      const user = await req.requireUser();
      const row = await requireParty(db, req.params.requestId, user.id);
      const donor = row.donorId === user.id;
      return {
        RequestId: row.id,
        FoodId: row.foodId,
        FoodName: row.foodName,
        Status: row.status,
        You: donor ? ('Donor' as const) : ('Requester' as const),
        With: donor
          ? { _id: row.requesterId, Name: row.requesterName, Image: row.requesterImage }
          : { _id: row.donorId, Name: row.donorName, Image: row.donorImage },
      };
    },
  );

  r.post(
    '/api/requests/:requestId/messages',
    { schema: { tags: ['messages'], params: RequestIdParams, body: MessageInput, response: { 201: InsertResult } } },
    async (req, reply) => {
      const user = await req.requireUser({ fresh: true });
      const insertedId = await limited(db, user.id, MESSAGE_COUNTERS, 'You are sending messages too fast. Please wait a moment.', () =>
        sendMessage(db, req.params.requestId, user.id, req.body.Body, app.notifier),
      );
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );
}
