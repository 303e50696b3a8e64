/** Routes of feedback after a hand-over and of a person's public standing. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { FeedbackInput, FeedbackState, InsertResult, PersonStanding, RequestIdParams, UserIdParams } from '../../contract/index.js';
import { publicOffers } from '../foods/recurring-public.js';
import { feedbackState, giveFeedback, standing } from './repository.js';

export async function feedbackRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.post(
    '/api/requests/:requestId/feedback',
    { schema: { tags: ['feedback'], params: RequestIdParams, body: FeedbackInput, response: { 201: InsertResult } } },
    async (req, reply) => {
      const user = await req.requireUser({ fresh: true });
      const insertedId = await giveFeedback(db, req.params.requestId, user.id, req.body as typeof req.body & { Comment: string });
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  r.get(
    '/api/requests/:requestId/feedback',
    { schema: { tags: ['feedback'], params: RequestIdParams, response: { 200: FeedbackState } } },
    async (req) => {
      const user = await req.requireUser();
      return feedbackState(db, req.params.requestId, user.id);
    },
  );

  r.get(
    '/api/people/:userId',
    { schema: { tags: ['feedback'], description: "A person's completed hand-overs, share of positive feedback and running recurring offers.", params: UserIdParams, response: { 200: PersonStanding } } },
    async (req) => ({ ...(await standing(db, req.params.userId)), RecurringOffers: await publicOffers(db, req.params.userId) }),
  );
}
