/** Routes of `/api/impact`. */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { Impact } from '../../contract/index.js';
import { impactFigures } from './figures.js';
import { communityTotals, userTotals } from './repository.js';

/**
 * Fastify plugin: `GET /api/impact` (everyone: the community's figures) and
 * `GET /api/impact/me` (signed in, else 401: the figures of deliveries the user gave
 * or received), both `{Shares, Kg, Meals, Co2eKg}`; CO2e by `co2ePerKg` (`IMPACT_CO2E_PER_KG`).
 */
export async function impactRoutes(app: FastifyInstance, opts: { co2ePerKg: number }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/impact', { schema: { tags: ['impact'], response: { 200: Impact } }, config: { publicAnswer: true } }, async () => {
    const t = await communityTotals(app.db);
    return impactFigures(t.shares, t.kg, opts.co2ePerKg);
  });
  r.get('/api/impact/me', { schema: { tags: ['impact'], response: { 200: Impact } } }, async (req) => {
    const user = await req.requireUser();
    const t = await userTotals(app.db, user.id);
    return impactFigures(t.shares, t.kg, opts.co2ePerKg);
  });
}
