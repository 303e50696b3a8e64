/**
 * Cross-site request refusal (issue "Security"): a state-changing call to `/api`
 * (POST, PUT, PATCH, DELETE) that carries an `Origin` header from anywhere but
 * PUBLIC_URL or CORS_ORIGINS is answered with a 403 problem document before
 * anything else runs. Calls without `Origin` (curl, server to server) pass: a
 * browser always sends `Origin` on cross-origin writes, so they cannot come
 * from a foreign page. Session cookies are `SameSite=Lax` as well; this covers
 * same-site but cross-origin pages and older browsers.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import { sendProblem } from './problem.js';

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** The origins allowed to call the API with credentials (`config.trustedOrigins`: PUBLIC_URL and CORS_ORIGINS), normalised. */
export function allowedOrigins(config: Pick<Config, 'trustedOrigins'>): Set<string> {
  const out = new Set<string>();
  for (const url of config.trustedOrigins) {
    try {
      out.add(new URL(url).origin);
    } catch {
      // config.ts already refuses unparsable origins.
    }
  }
  return out;
}

/** True when `origin` (an `Origin` header value) is one of `allowed`; `null` and garbage are not. */
export function isAllowedOrigin(origin: string, allowed: Set<string>): boolean {
  if (!URL.canParse(origin)) return false;
  const parsed = new URL(origin);
  // An Origin header is scheme://host[:port] only; anything more is not a browser's.
  if (`${parsed.origin}` !== origin.replace(/\/$/, '').toLowerCase()) return false;
  return allowed.has(parsed.origin);
}

/** Registers the `onRequest` hook that refuses cross-origin writes to `/api` with 403. */
export function registerOriginCheck(app: FastifyInstance, config: Pick<Config, 'trustedOrigins'>): void {
  const allowed = allowedOrigins(config);
  app.addHook('onRequest', async (req, reply) => {
    if (!WRITES.has(req.method)) return;
    const path = req.url.split('?')[0]!;
    if (path !== '/api' && !path.startsWith('/api/')) return;
    const origin = req.headers.origin;
    if (origin === undefined || isAllowedOrigin(origin, allowed)) return;
    return sendProblem(reply, 403, 'Cross-site requests are not allowed: this origin may not change data here.');
  });
}
