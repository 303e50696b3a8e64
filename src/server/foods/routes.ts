/** Routes of `/api/foods` (SPEC.md §7), with the ownership rules of DESIGN.md "The API". */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeleteResult,
  Food,
  FoodInput,
  FoodsQuery,
  IdParams,
  InsertResult,
  LIMITS,
  UpdateResult,
} from '../../contract/index.js';
import { sameEmail } from '../auth/emails.js';
import { problem } from '../http/problem.js';
import { localToday } from '../lib/dates.js';
import { createFood, deleteFood, findFood, listAvailableFoods, listDonorFoods, toFood, updateFood } from './repository.js';

export async function foodRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    '/api/foods',
    { schema: { tags: ['foods'], querystring: FoodsQuery, response: { 200: z.array(Food) } } },
    async (req) => {
      const q = req.query;
      const user = await req.sessionUser();
      const limit = q.limit ?? LIMITS.listMax;
      if (q.email !== undefined) {
        // The spec's "the user's foods": answered only for the signed-in user's own email.
        if (!user) throw problem(401, 'Sign in to see your listings.');
        if (!sameEmail(q.email, user.email)) throw problem(403, 'You can only list your own foods.');
        const rows = await listDonorFoods(db, user.id, limit);
        return rows.map((row) => toFood(row, true));
      }
      const order = q.sortByQuantity ? 'quantity' : q.sortByDate === 'acc' ? 'dateAsc' : 'dateDesc';
      const rows = await listAvailableFoods(db, { order, search: q.search, limit, availableOn: localToday() });
      return rows.map((row) => toFood(row, Boolean(user)));
    },
  );

  r.get(
    '/api/foods/:id',
    { schema: { tags: ['foods'], params: IdParams, response: { 200: Food } } },
    async (req) => {
      const row = await findFood(db, req.params.id);
      if (!row) throw problem(404, 'No food listing has this id.');
      const user = await req.sessionUser();
      return toFood(row, Boolean(user));
    },
  );

  r.post(
    '/api/foods',
    { schema: { tags: ['foods'], body: FoodInput, response: { 201: InsertResult } } },
    async (req, reply) => {
      const donor = await req.requireUser({ fresh: true });
      const insertedId = await createFood(db, req.body, donor);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  r.put(
    '/api/foods/:id',
    { schema: { tags: ['foods'], params: IdParams, body: FoodInput, response: { 200: UpdateResult } } },
    async (req) => {
      const donor = await req.requireUser({ fresh: true });
      return updateFood(db, req.params.id, req.body, donor);
    },
  );

  r.delete(
    '/api/foods/:id',
    { schema: { tags: ['foods'], params: IdParams, response: { 200: DeleteResult } } },
    async (req) => {
      const user = await req.requireUser({ fresh: true });
      return deleteFood(db, req.params.id, user.id);
    },
  );
}
