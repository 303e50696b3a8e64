/**
 * `/api/email-preferences`: the signed-in user's three mail switches, and
 * the one-click unsubscribe URL of every mail (RFC 8058): `POST` with a signed token
 * turns that mail type off without a session; `GET` (a person opening the link)
 * answers a small page whose button makes that POST, never unsubscribing by itself.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { UpdateResult } from '../../contract/index.js';
import { problem } from '../http/problem.js';
import { switchRoutes } from './switch-routes.js';
import { getPreferences, setPreferences } from './repository.js';
import { readUnsubscribeToken } from './unsubscribe.js';

const TokenQuery = z.object({ token: z.string().min(1).max(500) });
const PageQuery = TokenQuery.extend({ done: z.literal('1').optional() });

const NAMES = { NewRequests: 'new requests', RequestUpdates: 'request updates', Messages: 'messages' } as const;

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Plateful | ${title}</title></head>
<body style="font-family: sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<h1>${title}</h1>${body}<p><a href="/settings/notifications">All email settings</a></p></body></html>`;

/** `opts.secret` verifies unsubscribe tokens (the auth secret). */
export async function emailPreferenceRoutes(app: FastifyInstance, opts: { secret: string }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const { secret } = opts;

  // Mail clients send the RFC 8058 POST as a form body (`List-Unsubscribe=One-Click`); only this scope reads it.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) =>
    done(null, body),
  );

  switchRoutes(app, { path: '/api/email-preferences', tag: 'email', get: getPreferences, set: setPreferences });

  r.post(
    '/api/email-preferences/unsubscribe',
    {
      schema: {
        tags: ['email'],
        description: 'RFC 8058 one-click unsubscribe: turns off the mail type named by the signed token.',
        querystring: TokenQuery,
        response: { 200: UpdateResult },
      },
    },
    async (req, reply) => {
      const target = readUnsubscribeToken(secret, req.query.token);
      if (!target) throw problem(400, 'This unsubscribe link is not valid.');
      const changed = await setPreferences(db, target.userId, { [target.key]: false });
      // A person who pressed the page's button (below) gets a page back, not JSON.
      if (req.headers.accept?.includes('text/html')) {
        return reply.redirect(`/api/email-preferences/unsubscribe?done=1&token=${encodeURIComponent(req.query.token)}`, 303);
      }
      return { acknowledged: true as const, matchedCount: 1, modifiedCount: changed ? 1 : 0 };
    },
  );

  r.get('/api/email-preferences/unsubscribe', { schema: { hide: true, querystring: PageQuery } }, async (req, reply) => {
    const target = readUnsubscribeToken(secret, req.query.token);
    reply.type('text/html; charset=utf-8');
    if (!target) return reply.status(400).send(page('Invalid link', '<p>This unsubscribe link is not valid.</p>'));
    if (req.query.done) return page('Unsubscribed', `<p>Plateful no longer emails you about ${NAMES[target.key]}.</p>`);
    const action = `/api/email-preferences/unsubscribe?token=${encodeURIComponent(req.query.token)}`;
    return page(
      'Stop these emails?',
      `<p>Plateful will stop emailing you about ${NAMES[target.key]}.</p>
<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button></form>`,
    );
  });
}
