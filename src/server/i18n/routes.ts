/**
 * `GET /api/locales` (the shipped languages, for the picker) and
 * `GET`/`PUT /api/account/language` (the signed-in person's language, which their
 * mails, pushes and notifications follow; docs/translating.md).
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { LanguageAnswer, LanguageBody, LOCALE_INFO, LOCALES, LocaleEntry, UpdateResult } from '../../contract/index.js';
import { negotiateLocale } from './negotiate.js';
import { languageOf, setLanguage } from './repository.js';

export async function i18nRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    '/api/locales',
    { schema: { tags: ['i18n'], description: 'The languages Plateful ships, each named in itself, with its writing direction.', response: { 200: z.array(LocaleEntry) } } },
    async (_req, reply) => {
      reply.header('cache-control', 'public, max-age=3600');
      return LOCALES.map((code) => ({ Code: code, Name: LOCALE_INFO[code].name, Dir: LOCALE_INFO[code].dir }));
    },
  );

  r.get(
    '/api/account/language',
    {
      schema: {
        tags: ['account'],
        description: 'The signed-in person’s language: the one they chose (`Chosen: true`), else the one this request negotiates (the `lang` cookie, then `Accept-Language`, then English).',
        response: { 200: LanguageAnswer },
      },
    },
    async (req, reply) => {
      const user = await req.requireUser();
      reply.header('cache-control', 'no-store');
      const stored = await languageOf(db, user.id);
      return { Language: stored ?? negotiateLocale(req), Chosen: stored !== null };
    },
  );

  r.put(
    '/api/account/language',
    { schema: { tags: ['account'], description: 'Stores the signed-in person’s language (one of `/api/locales`).', body: LanguageBody, response: { 200: UpdateResult } } },
    async (req) => {
      const user = await req.requireUser();
      const modifiedCount = (await setLanguage(db, user.id, req.body.Language)) ? 1 : 0;
      return { acknowledged: true as const, matchedCount: 1, modifiedCount };
    },
  );
}
