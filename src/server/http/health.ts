/** `GET /api/health` (process up) and `GET /api/ready` (database answers), DESIGN.md "The API". */
import type { FastifyInstance } from 'fastify';
import { problem, RETRY_AFTER_UNAVAILABLE } from './problem.js';

/** Fastify plugin of the two probes; `opts.ping` resolves true when the database answers (503 problem otherwise). */
export async function healthRoutes(app: FastifyInstance, opts: { ping: () => Promise<boolean> }) {
  app.get('/api/health', { schema: { tags: ['health'] } }, async () => ({ status: 'ok' }));
  app.get('/api/ready', { schema: { tags: ['health'] } }, async () => {
    if (!(await opts.ping())) throw problem(503, 'The database is unavailable.', { retryAfter: RETRY_AFTER_UNAVAILABLE });
    return { status: 'ready' };
  });
}
