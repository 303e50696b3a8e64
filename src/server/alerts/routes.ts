/**
 * `/api/alerts` (docs/api.md "Alerts"): a signed-in person's saved searches (owner only,
 * others' ids answer 404), the RFC 8058 one-click unsubscribe of an alert's mail (`POST`
 * with a signed token, no session; `GET` answers a page whose button makes that POST),
 * and the matcher of new listings, registered on the outbox's `listing.created` task.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Alert, AlertInput, AlertUpdate, DeleteResult, IdParams, InsertResult, UpdateResult } from '../../contract/index.js';
import type { Config } from '../config.js';
import { LISTING_CREATED_TASK, type ListingCreated } from '../foods/announce.js';
import { escapeHtml } from '../lib/html.js';
import { problem } from '../http/problem.js';
import { teller } from '../notifications/tell.js';
import { matchingAlerts, readMatchableListing } from './matching.js';
import { tellMatch } from './notify.js';
import { createAlert, deleteAlert, listAlerts, stopAlertMail, toAlert, updateAlert } from './repository.js';
import { readAlertUnsubscribeToken } from './unsubscribe.js';

const TokenQuery = z.object({ token: z.string().min(1).max(200) });
const PageQuery = TokenQuery.extend({ done: z.literal('1').optional() });

const page = (title: string, body: string) => `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Plateful | ${title}</title></head>
<body style="font-family: sans-serif; max-width: 36rem; margin: 3rem auto; padding: 0 1rem; line-height: 1.5">
<h1>${title}</h1>${body}<p><a href="/account">Your alerts</a></p></body></html>`;

export async function alertRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const settings = { publicUrl: opts.config.publicUrl, secret: opts.config.authSecret };
  const tell = teller(settings);

  // New listings: after their commit, in the outbox worker of one process (foods/announce.ts).
  const off = app.outbox.onTask(LISTING_CREATED_TASK, async (payload) => {
    const food = await readMatchableListing(db, (payload as ListingCreated).foodId);
    if (!food) return;
    for (const alertId of await matchingAlerts(db, food)) await tellMatch(db, tell, settings, alertId, food);
  });
  app.addHook('onClose', async () => off());

  // Mail clients send the RFC 8058 POST as a form body (`List-Unsubscribe=One-Click`); only this scope reads it.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string', bodyLimit: 1024 }, (_req, body, done) => done(null, body));

  r.post('/api/alerts', { schema: { tags: ['alerts'], body: AlertInput, response: { 201: InsertResult } } }, async (req, reply) => {
    const user = await req.requireUser({ fresh: true });
    const insertedId = await createAlert(db, user.id, req.body);
    return reply.status(201).send({ acknowledged: true, insertedId });
  });

  r.get('/api/alerts', { schema: { tags: ['alerts'], response: { 200: z.array(Alert) } } }, async (req, reply) => {
    const user = await req.requireUser();
    reply.header('cache-control', 'no-store');
    return (await listAlerts(db, user.id)).map(toAlert);
  });

  r.put('/api/alerts/:id', { schema: { tags: ['alerts'], params: IdParams, body: AlertUpdate, response: { 200: UpdateResult } } }, async (req) => {
    const user = await req.requireUser({ fresh: true });
    return updateAlert(db, user.id, req.params.id, req.body);
  });

  r.delete('/api/alerts/:id', { schema: { tags: ['alerts'], params: IdParams, response: { 200: DeleteResult } } }, async (req) => {
    const user = await req.requireUser({ fresh: true });
    return deleteAlert(db, user.id, req.params.id);
  });

  r.post(
    '/api/alerts/unsubscribe',
    {
      schema: {
        tags: ['alerts'],
        description: "RFC 8058 one-click unsubscribe: turns off the mail of the alert named by the signed token.",
        querystring: TokenQuery,
        response: { 200: UpdateResult },
      },
    },
    async (req, reply) => {
      const alertId = readAlertUnsubscribeToken(settings.secret, req.query.token);
      if (!alertId) throw problem(400, 'This unsubscribe link is not valid.', { code: 'invalid_token' });
      const changed = await stopAlertMail(db, alertId);
      if (req.headers.accept?.includes('text/html')) {
        return reply.redirect(`/api/alerts/unsubscribe?done=1&token=${encodeURIComponent(req.query.token)}`, 303);
      }
      return { acknowledged: true as const, matchedCount: changed === undefined ? 0 : 1, modifiedCount: changed ? 1 : 0 };
    },
  );

  r.get('/api/alerts/unsubscribe', { schema: { hide: true, querystring: PageQuery } }, async (req, reply) => {
    const alertId = readAlertUnsubscribeToken(settings.secret, req.query.token);
    reply.type('text/html; charset=utf-8');
    if (!alertId) return reply.status(400).send(page('Invalid link', '<p>This unsubscribe link is not valid.</p>'));
    if (req.query.done) return page('Unsubscribed', '<p>Plateful no longer emails you about this alert.</p>');
    const action = escapeHtml(`/api/alerts/unsubscribe?token=${encodeURIComponent(req.query.token)}`);
    return page(
      'Stop these emails?',
      `<p>Plateful will stop emailing you about this alert. It still shows its matches in the app.</p>
<form method="post" action="${action}"><input type="hidden" name="List-Unsubscribe" value="One-Click">
<button type="submit">Unsubscribe</button></form>`,
    );
  });
}
