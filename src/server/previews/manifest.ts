/**
 * The web app manifest (W3C Web Application Manifest: `lang`, `dir`, `name`, `description`) in the
 * page's language: the built `manifest.webmanifest` with its description, `lang` and `dir` for the locale
 * a page request negotiates (docs/translating.md "Choosing the language"), so an installed app reads in it.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { LOCALE_INFO, type Locale } from '../../contract/index.js';
import { defineMessages } from '../i18n/catalog.js';
import { pageLocale } from '../i18n/negotiate.js';

/** The manifest's words (the server catalog's `manifest.` group); the name stays the product's. */
const say = defineMessages('manifest', {
  description: 'Share surplus food with your neighbours before it goes to waste.',
});

/** The built manifest with `locale`'s description, `lang` and `dir`. */
export function localizedManifest(built: Record<string, unknown>, locale: Locale): Record<string, unknown> {
  return { ...built, description: say(locale, 'description'), lang: locale, dir: LOCALE_INFO[locale].dir };
}

/** Registers `GET /manifest.webmanifest` when the client is built in `webDist` (the static files leave it out). */
export async function manifestRoutes(app: FastifyInstance, opts: { webDist: string }) {
  let built: Record<string, unknown>;
  try {
    built = JSON.parse(readFileSync(path.join(opts.webDist, 'manifest.webmanifest'), 'utf8')) as Record<string, unknown>;
  } catch {
    return;
  }
  app.get('/manifest.webmanifest', { schema: { hide: true } }, async (req, reply) => {
    const locale = await pageLocale(app.db, req);
    return reply
      .type('application/manifest+json')
      .header('cache-control', 'no-cache')
      .header('vary', 'Accept-Language, Cookie')
      .send(JSON.stringify(localizedManifest(built, locale)));
  });
}
