/**
 * Routes of calendars (RFC 5545; docs/api.md "Calendars"): a pickup's file for its donor
 * and requester, the personal feed's secret link (made on first call, rotatable) and the
 * feed itself, which needs no session. Files are `text/calendar; charset=utf-8`, private and
 * never stored by caches.
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { CalendarFeedParams, CalendarLink, IdParams } from '../../contract/index.js';
import type { Config } from '../config.js';
import { problem } from '../http/problem.js';
import { recipientLocale } from '../i18n/negotiate.js';
import type { Database } from '../db/client.js';
import { sayCalendar } from './texts.js';
import { feedOwner, feedPath, feedToken, rotateFeedToken } from './feeds.js';
import { renderCalendar } from './ics.js';
import { feedEntries, requestEntry } from './views.js';

/** Sends calendar text `body` as file `filename`. */
function sendCalendar(reply: FastifyReply, body: string, filename: string) {
  return reply
    .header('content-type', 'text/calendar; charset=utf-8')
    .header('content-disposition', `attachment; filename="${filename}"`)
    .header('cache-control', 'private, no-store')
    .header('referrer-policy', 'no-referrer')
    .send(body);
}

/** The language `userId` reads calendars in: their chosen one, else what `req` negotiates (cookie, `Accept-Language`). */
function readerLocale(db: Database, userId: string, req: FastifyRequest) {
  const headers = new Headers();
  for (const name of ['cookie', 'accept-language'] as const) {
    const value = req.headers[name];
    if (typeof value === 'string') headers.set(name, value);
  }
  return recipientLocale(db, userId, headers);
}

/** Fastify plugin of the calendar routes; needs `app.db`, the auth plugin and `config.publicUrl`/`authSecret`. */
export async function calendarRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const { publicUrl, authSecret } = opts.config;

  r.get(
    '/api/requests/:id/calendar.ics',
    { schema: { tags: ['calendar'], description: "A pickup's iCalendar file (donor and requester only).", params: IdParams } },
    async (req, reply) => {
      const user = await req.requireUser();
      const entry = await requestEntry(db, req.params.id, user.id, app.clock(), publicUrl, await readerLocale(db, user.id, req));
      if (!entry) throw problem(404, 'No request has this id.');
      if (entry === 'pending') throw problem(409, 'No pickup is agreed for this request yet.', { code: 'not_agreed' });
      const method = entry.entry.cancelled ? 'CANCEL' : 'PUBLISH';
      return sendCalendar(reply, renderCalendar([entry], publicUrl, method), `plateful-pickup-${req.params.id}.ics`);
    },
  );

  r.get('/api/account/calendar', { schema: { tags: ['calendar'], response: { 200: CalendarLink } } }, async (req) => {
    const user = await req.requireUser();
    return { Url: `${publicUrl}${feedPath(await feedToken(db, user.id, authSecret))}` };
  });

  r.post('/api/account/calendar/rotate', { schema: { tags: ['calendar'], response: { 200: CalendarLink } } }, async (req) => {
    const user = await req.requireUser({ fresh: true });
    return { Url: `${publicUrl}${feedPath(await rotateFeedToken(db, user.id, authSecret))}` };
  });

  r.get(
    '/api/calendar/:file',
    { schema: { tags: ['calendar'], description: 'The personal pickup feed behind its secret link (no session).', params: CalendarFeedParams } },
    async (req, reply) => {
      const token = req.params.file.replace(/\.ics$/, '');
      const userId = await feedOwner(db, token);
      if (!userId) throw problem(404, 'No calendar has this link.');
      const locale = await readerLocale(db, userId, req);
      const entries = await feedEntries(db, userId, app.clock(), publicUrl, locale);
      return sendCalendar(reply, renderCalendar(entries, publicUrl, 'PUBLISH', sayCalendar(locale, 'feedName')), 'plateful.ics');
    },
  );
}
