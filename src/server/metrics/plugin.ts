/**
 * `GET /api/metrics` in the Prometheus text format, for a scraper that presents
 * `Authorization: Bearer <METRICS_TOKEN>` (RFC 6750). Without `METRICS_TOKEN` app.ts does not
 * register this plugin: no metric is kept and the path answers 404 like any unknown one.
 * A missing or wrong token gets a 401 problem. The answer is never cached (`no-store`).
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { problem } from '../http/problem.js';
import { createMetrics, type MetricSources } from './registry.js';

/** The stream route's answers last as long as the stream: they would only blur the latencies. */
const UNTIMED = new Set(['/api/events']);

/** True when `req` carries `Bearer <token>`; compares digests in constant time. */
function presents(req: FastifyRequest, token: string): boolean {
  const m = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
  if (!m) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(m[1]!), digest(token));
}

/** Fastify plugin (not encapsulated: its hook times every route); `token` guards the route, `sources` feed the gauges. */
export const metricsPlugin = fp(
  async (app: FastifyInstance, opts: { token: string; sources: MetricSources }) => {
    const metrics = createMetrics(opts.sources);
    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      if (UNTIMED.has(route)) return;
      metrics.observe(req.method, route, reply.statusCode, reply.elapsedTime / 1000);
    });
    app.get('/api/metrics', { schema: { tags: ['health'], description: 'Prometheus metrics of this process (Bearer METRICS_TOKEN).' } }, async (req, reply) => {
      if (!presents(req, opts.token)) {
        reply.header('www-authenticate', 'Bearer realm="metrics"');
        throw problem(401, 'The metrics need the bearer token of METRICS_TOKEN.');
      }
      const text = await metrics.registry.metrics();
      return reply.header('cache-control', 'no-store').type(metrics.registry.contentType).send(text);
    });
  },
  { name: 'metrics' },
);
