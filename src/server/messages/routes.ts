/** Routes of `/api/requests/{requestId}/messages` (issue 11): the donor and the requester only. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { InsertResult, Message, MessageInput, RequestIdParams } from '../../contract/index.js';
import { limited } from '../http/account-limits.js';
import { ACCOUNT_LIMITS } from '../http/limits.js';
import { listMessages, sendMessage, toMessage } from './repository.js';

const MESSAGE_COUNTERS = [
  { name: 'messages-minute', limit: ACCOUNT_LIMITS.messagesPerMinute },
  { name: 'messages-day', limit: ACCOUNT_LIMITS.messagesPerDay },
];

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
