/**
 * Cross-site request refusal: a state-changing call to `/api`
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

/** Destinations of a request that may end a session: a script's fetch/XHR, or a page load. */
const SESSION_ENDING_DESTS = new Set(['empty', 'document']);

/**
 * True when a `GET` that ends a session (`/api/logout`, SPEC.md §7) comes from a
 * caller allowed to end it: Plateful's own pages, a `CORS_ORIGINS`
 * client's credentialed fetch, or the person typing the address; never an image,
 * script or frame load, nor a navigation started by another site (a link or a
 * redirect there carries the session cookie under `SameSite=Lax`).
 *
 * Browsers describe the caller in Fetch Metadata (`Sec-Fetch-Site`, `-Mode`,
 * `-Dest`); without it (older browsers, curl, server-to-server) a foreign
 * `Origin` or `Referer` refuses and their absence allows.
 */
export function mayEndSession(headers: Record<string, string | string[] | undefined>, allowed: Set<string>): boolean {
  const one = (name: string) => {
    const v = headers[name];
    return Array.isArray(v) ? v[0] : v;
  };
  const site = one('sec-fetch-site');
  const origin = one('origin');
  if (site !== undefined) {
    const dest = one('sec-fetch-dest');
    if (dest !== undefined && !SESSION_ENDING_DESTS.has(dest)) return false;
    if (site === 'same-origin' || site === 'none') return true;
    // same-site or cross-site: only a credentialed fetch by an allowed origin.
    return one('sec-fetch-mode') === 'cors' && origin !== undefined && isAllowedOrigin(origin, allowed);
  }
  if (origin !== undefined) return isAllowedOrigin(origin, allowed);
  const referer = one('referer');
  return referer === undefined || (URL.canParse(referer) && allowed.has(new URL(referer).origin));
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
