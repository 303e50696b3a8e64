/**
 * Fastify plugin: mounts Better Auth on `/api/auth/*` and decorates the app with
 * `auth` and the request with `sessionUser()`. Follows Better Auth's Fastify guide:
 * the parsed request is turned back into a Fetch `Request` for `auth.handler`.
 */
import { fromNodeHeaders } from 'better-auth/node';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config.js';
import { sendTooMany } from '../http/limits.js';
import { problem, sendProblem } from '../http/problem.js';
import type { Auth } from './auth.js';
import { ROLES } from './roles.js';
import { SessionCache, sessionCookieOf } from './session-cache.js';
import { EVENTS_CHANNEL, parseLiveEvent } from '../events/bus.js';
import { guardSignIn } from './sign-in-guard.js';

/** The signed-in user as Plateful sees it (SPEC.md §3 User). */
export interface SessionUser {
  id: string;
  name: string;
  email: string;
  image: string;
  /**
   * `user` or `moderator` (Better Auth's admin plugin, roles.ts); always `user` while the
   * address is unverified, so a moderator who has not proven their address can do nothing.
   */
  role?: string;
  /** Whether the account's address is verified (mailed link, reset link or Google). */
  emailVerified?: boolean;
  /** Id of the session the request came with. */
  sessionId?: string;
}

declare module 'fastify' {
  interface FastifyInstance {
    auth: Auth;
  }
  interface FastifyRequest {
    /**
     * The signed-in user, or null: from this process's session cache (session-cache.ts: a
     * revoked session leaves every process's cache on its NOTIFY), else looked up in the
     * database; `fresh` always looks it up. One lookup per request.
     */
    sessionUser(opts?: { fresh?: boolean }): Promise<SessionUser | null>;
    /** Like `sessionUser` but throws a 401 problem when nobody is signed in. */
    requireUser(opts?: { fresh?: boolean }): Promise<SessionUser>;
  }
}

/** True when any string inside `value` (a parsed JSON body) contains U+0000. */
function hasNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (!value || typeof value !== 'object' || depth > 8) return false;
  return Object.entries(value).some(([k, v]) => k.includes('\u0000') || hasNul(v, depth + 1));
}

/** Headers Better Auth should see: the client's, with the real peer address. */
export function authHeaders(req: FastifyRequest): Headers {
  const headers = fromNodeHeaders(req.headers);
  // Rate limits key on this header; never trust one the client sent.
  headers.set('x-forwarded-for', req.ip);
  return headers;
}

/** What the plugin needs: Better Auth, the configuration, and the LISTEN of live events that keeps the session cache true. */
export interface AuthPluginOptions {
  auth: Auth;
  config: Config;
  listen: (channel: string, onNotify: (payload: string) => void, onListening?: () => void) => Promise<() => Promise<void>>;
}

export const authPlugin = fp(async (app: FastifyInstance, opts: AuthPluginOptions) => {
  const { auth, config } = opts;
  app.decorate('auth', auth);

  // Sessions resolved lately, dropped by the NOTIFY of their end or their person's change (session-cache.ts).
  const cache = new SessionCache<SessionUser>();
  const unlisten = await opts.listen(
    EVENTS_CHANNEL,
    (payload) => {
      const event = parseLiveEvent(payload);
      if (event?.kind === 'session-ended') cache.dropSession(event.sessionId);
      else if (event?.kind === 'user-ended' || event?.kind === 'user-changed') cache.dropUser(event.userId);
    },
    () => cache.clear(),
  );
  app.addHook('onClose', async () => unlisten());

  const lookup = async (req: FastifyRequest, fresh: boolean): Promise<SessionUser | null> => {
    if (!req.headers.cookie) return null;
    const token = sessionCookieOf(req.headers.cookie);
    const known = token && !fresh ? cache.get(token) : undefined;
    if (known) return known;
    const result = await auth.api.getSession({ headers: authHeaders(req), query: { disableCookieCache: true } });
    if (!result) return null;
    const { user, session } = result;
    const role = (user.emailVerified && (user as { role?: string | null }).role) || ROLES.user;
    const found = { id: user.id, name: user.name, email: user.email, image: user.image ?? '', role, emailVerified: user.emailVerified, sessionId: session.id };
    if (token) cache.set(token, found, new Date(session.expiresAt));
    return found;
  };
  // One database lookup per request (the write limit and the route both ask).
  const lookups = new WeakMap<FastifyRequest, Promise<SessionUser | null>>();
  app.decorateRequest('sessionUser', function (this: FastifyRequest, o?: { fresh?: boolean }) {
    let pending = lookups.get(this);
    if (!pending) lookups.set(this, (pending = lookup(this, o?.fresh === true)));
    return pending;
  });

  app.decorateRequest('requireUser', async function (this: FastifyRequest, o?: { fresh?: boolean }) {
    const user = await this.sessionUser(o);
    if (!user) throw problem(401, 'Sign in to do this.');
    return user;
  });

  app.route({
    method: ['GET', 'POST'],
    url: '/api/auth/*',
    schema: { hide: true },
    async handler(req, reply) {
      const url = new URL(req.url, config.publicUrl);
      // The admin plugin's endpoints are closed; moderators act through /api/moderation (audited).
      if (url.pathname.startsWith('/api/auth/admin/')) return sendProblem(reply, 404, `No route for ${req.method} ${url.pathname}.`);
      // PostgreSQL text cannot hold U+0000: refuse it as bad input before it reaches a query.
      if (/%00/.test(req.url) || hasNul(req.body)) {
        return sendProblem(reply, 400, 'The request contains a NUL character.', { withMessage: true });
      }
      // Limits on failed password sign-ins per account and client, per client and per account (sign-in-guard.ts).
      const guard = url.pathname === '/api/auth/sign-in/email' ? await guardSignIn(app.db, req.body, req.ip, config.publicUrl) : null;
      if (guard?.refused) return sendTooMany(reply, guard.refused.retryAfter, guard.refused.detail);
      const headers = authHeaders(req);
      headers.delete('content-length');
      const hasBody = req.method !== 'GET' && req.body !== undefined && req.body !== null;
      const response = await auth.handler(
        new Request(url, { method: req.method, headers, body: hasBody ? JSON.stringify(req.body) : undefined }),
      );
      // Only wrong credentials (401) count.
      await guard?.settle(response.status);
      // A write through Better Auth (profile, address, password, sign-out) may change what the caller's
      // session says: forget it here at once; other processes hear the NOTIFY.
      const token = sessionCookieOf(req.headers.cookie);
      if (req.method === 'POST' && token) cache.dropUser(cache.get(token)?.id ?? '');
      // Better Auth's per-IP 429 is plain JSON naming the wait only in X-Retry-After:
      // answer it as every other 429, a problem document with Retry-After (DESIGN.md "The API").
      if (response.status === 429) {
        const wait = Math.max(1, Math.ceil(Number(response.headers.get('x-retry-after')) || 60));
        reply.header('x-retry-after', String(wait));
        return sendTooMany(reply, wait, 'Too many attempts from this address. Please try again later.');
      }
      reply.status(response.status);
      response.headers.forEach((value, key) => {
        if (key !== 'set-cookie') reply.header(key, value);
      });
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
      return reply.send(response.body ? await response.text() : null);
    },
  });
});
