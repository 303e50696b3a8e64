/** Routes of `/api/requests` (SPEC.md §7), with the ownership rules of DESIGN.md "The API". */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeleteResult,
  FoodRequest,
  IdParams,
  InsertResult,
  RequestInput,
  RequestStatusInput,
  RequestsQuery,
  UpdateResult,
} from '../../contract/index.js';
import { sameEmail } from '../auth/emails.js';
import { limited } from '../http/limits.js';
import { problem } from '../http/problem.js';
import { standings, type StandingCounts } from '../feedback/repository.js';
import { localToday } from '../lib/dates.js';
import {
  cancelRequest,
  createRequest,
  listFoodRequests,
  listRequesterRequests,
  toFoodRequest,
} from './repository.js';
import { assertOpenRequestsAllowed, REQUEST_COUNTERS, REQUESTS_PER_DAY } from './limits.js';
import { changeRequestStatus } from './transitions.js';

/** The public part of a person's counts ("N shares", "M% positive"). */
function publicStanding(counts: StandingCounts | undefined) {
  return counts && { Shares: counts.Shares, PositivePercent: counts.PositivePercent };
}

const TOO_MANY_REQUESTS = `You can make at most ${REQUESTS_PER_DAY.max} requests a day. Please try again later.`;

/**
 * Fastify plugin of `/api/requests` (SPEC.md §7): create a request, list the
 * requester's own and a donor's food's requests, move a request on (donor: accept,
 * decline, no-show, delivered; `transitions.ts`) and cancel (requester, while open). Needs `app.db` and the auth plugin; identity comes
 * only from the session (DESIGN.md "The API").
 */
export async function requestRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const list = { 200: z.array(FoodRequest) };

  r.post(
    '/api/requests',
    { schema: { tags: ['requests'], body: RequestInput, response: { 201: InsertResult } } },
    async (req, reply) => {
      const user = await req.requireUser({ fresh: true });
      await assertOpenRequestsAllowed(db, user.id);
      const insertedId = await limited(db, user.id, REQUEST_COUNTERS, TOO_MANY_REQUESTS, () =>
        createRequest(db, req.body, user, localToday(app.clock()), app.notifier, app.clock()),
      );
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  r.get(
    '/api/requests',
    { schema: { tags: ['requests'], querystring: RequestsQuery, response: list }, config: { privateAnswer: true } },
    async (req) => {
      const user = await req.requireUser();
      if (!sameEmail(req.query.email, user.email)) throw problem(403, 'You can only list your own requests.');
      const rows = await listRequesterRequests(db, user.id);
      const shown = await standings(db, rows.map((row) => row.donorId));
      return rows.map((row) => toFoodRequest(row, user.id, { donor: publicStanding(shown.get(row.donorId)) }));
    },
  );

  r.get(
    '/api/requests/:id',
    { schema: { tags: ['requests'], description: 'Requests for the food with this id (donor only).', params: IdParams, response: list }, config: { privateAnswer: true } },
    async (req) => {
      const user = await req.requireUser();
      const rows = await listFoodRequests(db, req.params.id, user.id);
      const shown = await standings(db, rows.map((row) => row.requesterId));
      return rows.map((row) => toFoodRequest(row, user.id, { requester: publicStanding(shown.get(row.requesterId)) }));
    },
  );

  r.patch(
    '/api/requests/:id',
    { schema: { tags: ['requests'], params: IdParams, body: RequestStatusInput, response: { 200: UpdateResult } } },
    async (req) => {
      const user = await req.requireUser({ fresh: true });
      return changeRequestStatus(db, req.params.id, user.id, req.body, app.clock(), app.notifier);
    },
  );

  r.delete(
    '/api/requests/:id',
    { schema: { tags: ['requests'], params: IdParams, response: { 200: DeleteResult } } },
    async (req) => {
      const user = await req.requireUser({ fresh: true });
      return cancelRequest(db, req.params.id, user.id, localToday(app.clock()), app.notifier);
    },
  );
}
