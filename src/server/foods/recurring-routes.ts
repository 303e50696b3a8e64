/**
 * Routes of recurring offers (docs/api.md "Recurring offers"): the signed-in donor's offers,
 * and pausing, resuming or stopping one, or changing its weekdays and end. Offers are made with `Recurrence` on a food body.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { IdParams, RecurringOffer, RecurringOfferStatusInput, UpdateResult } from '../../contract/index.js';
import { changeOffer } from './recurring-edit.js';
import { listOffers } from './recurring.js';

/** Adds `GET /api/recurring-offers` and `PATCH /api/recurring-offers/{id}` to `app` (needs `app.db` and the auth plugin). */
export function recurringOfferRoutes(app: FastifyInstance): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/recurring-offers', { schema: { tags: ['foods'], response: { 200: z.array(RecurringOffer) } } }, async (req) => {
    const user = await req.requireUser();
    return listOffers(app.db, user.id);
  });
  r.patch(
    '/api/recurring-offers/:id',
    { schema: { tags: ['foods'], params: IdParams, body: RecurringOfferStatusInput, response: { 200: UpdateResult } } },
    async (req) => {
      const user = await req.requireUser({ fresh: true });
      return changeOffer(app.db, req.params.id, user.id, req.body, app.clock());
    },
  );
}
