/**
 * Session sync of SPEC.md §4/§7: `POST /api/jwt` confirms that the session
 * belongs to the email sent; `GET /api/logout` ends the session and clears its
 * cookies. Neither creates a session: only a sign-in does (DESIGN.md "The API").
 * Logout answers 403 to a caller that may not end the session (`mayEndSession`:
 * an image load or another site's navigation), changing nothing.
 */
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.js';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { JwtInput, SessionSyncResult } from '../../contract/index.js';
import { sameEmail } from '../auth/emails.js';
import { authHeaders } from '../auth/plugin.js';
import { allowedOrigins, mayEndSession } from '../http/origin.js';
import { problem } from '../http/problem.js';

/** Fastify plugin of `POST /api/jwt` and `GET /api/logout` (see above); needs the auth plugin and the allowed origins. */
export async function sessionRoutes(app: FastifyInstance, opts: { config: Pick<Config, 'trustedOrigins'> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const allowed = allowedOrigins(opts.config);

  r.post(
    '/api/jwt',
    { schema: { tags: ['session'], body: JwtInput, response: { 200: SessionSyncResult } } },
    async (req) => {
      const user = await req.sessionUser({ fresh: true });
      if (!user || !sameEmail(user.email, req.body.email)) {
        throw problem(401, 'There is no session for this email. Sign in first.');
      }
      return { success: true };
    },
  );

  r.get('/api/logout', { schema: { tags: ['session'], response: { 200: SessionSyncResult } } }, async (req, reply) => {
    if (!mayEndSession(req.headers, allowed)) {
      throw problem(403, 'Only Plateful’s own pages can sign you out: this request came from an image or another site.');
    }
    if (await req.sessionUser({ fresh: true })) {
      const response = await app.auth.api.signOut({ headers: authHeaders(req), asResponse: true });
      for (const cookie of response.headers.getSetCookie()) reply.header('set-cookie', cookie);
    } else if (req.headers.cookie) {
      // A stale cookie with no live session behind it: expire ours anyway.
      const { authCookies } = await app.auth.$context;
      for (const c of [authCookies.sessionToken, authCookies.sessionData, authCookies.dontRememberToken]) {
        if (req.headers.cookie.includes(`${c.name}=`)) {
          reply.header('set-cookie', `${c.name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${c.attributes.secure ? '; Secure' : ''}`);
        }
      }
    }
    return { success: true };
  });
}
