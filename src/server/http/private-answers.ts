/**
 * Answers that depend on the session say so to every cache on the way (RFC 9111 §5.2.2.7):
 * an `/api/` answer to a request with credentials (a Better Auth session cookie or an
 * Authorization header) gets `Cache-Control: private` — with `no-cache` where the route
 * revalidates (an ETag, the event stream), `no-store` otherwise — and `Vary: Cookie`.
 * Answers a route marks `public` (image files, place lookups) are the same for everyone and
 * keep their own header.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** True when the request carries no credentials: no Better Auth session cookie, no Authorization header. */
export function anonymous(req: FastifyRequest): boolean {
  if (req.headers.authorization) return false;
  const cookie = req.headers.cookie;
  return !cookie || !cookie.includes('session_token');
}

/** `Cache-Control` of a session-dependent answer whose route set `current` (or nothing). */
export function privateCacheControl(current: string | undefined): string {
  const directives = (current ?? '')
    .split(',')
    .map((d) => d.trim().toLowerCase())
    .filter((d) => d && d !== 'private');
  if (!directives.includes('no-cache') && !directives.includes('no-store')) directives.push('no-store');
  return ['private', ...directives].join(', ');
}

/** Adds `field` to the answer's `Vary` header unless it is already named there. */
function addVary(reply: FastifyReply, field: string): void {
  const current = String(reply.getHeader('vary') ?? '');
  const named = current.split(',').map((f) => f.trim().toLowerCase());
  if (named.includes(field.toLowerCase()) || named.includes('*')) return;
  reply.header('vary', current ? `${current}, ${field}` : field);
}

/** Registers the `onSend` hook that marks session-dependent `/api/` answers private. */
export function registerPrivateAnswers(app: FastifyInstance): void {
  app.addHook('onSend', async (req, reply, payload) => {
    if (!req.url.startsWith('/api/') || anonymous(req)) return payload;
    const current = reply.getHeader('cache-control');
    if (typeof current === 'string' && /(^|,)\s*public\s*(,|$)/i.test(current)) return payload;
    reply.header('cache-control', privateCacheControl(typeof current === 'string' ? current : undefined));
    addVary(reply, 'Cookie');
    return payload;
  });
}
