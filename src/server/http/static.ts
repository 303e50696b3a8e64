/**
 * Serves the built SPA from `dist/web` and the demo images from `src/server/seed/images`.
 * Unknown `/api` paths answer a 404 problem; any other GET falls back to
 * `index.html` (with the site's link preview) so client routes (and the SPA's own 404 page) work on reload.
 * Hashed assets are cached for a year; text files are sent brotli/gzip-compressed
 * from the `.br`/`.gz` files the build writes.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { PACKAGE_ROOT } from '../lib/paths.js';
import { sendProblem } from './problem.js';

/** Vite's hashed assets never change; everything else is revalidated. */
function cacheHeaders(res: { setHeader(name: string, value: string): unknown }, file: string) {
  res.setHeader('cache-control', file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache');
}

/** Folder of the built client. */
export const WEB_DIST = path.join(PACKAGE_ROOT, 'dist/web');
const DEMO_IMAGES = path.join(PACKAGE_ROOT, 'src/server/seed/images');

/**
 * Fastify plugin of the files described above and of the not-found answer (register it last).
 * `renderPage(path, req)` answers the HTML of a client route (the SPA's `index.html` with that page's link preview).
 */
export async function staticRoutes(app: FastifyInstance, opts: { renderPage: (url: string, req: FastifyRequest) => Promise<string> }) {
  const hasClient = existsSync(path.join(WEB_DIST, 'index.html'));
  await app.register(fastifyStatic, {
    root: DEMO_IMAGES,
    prefix: '/images/demo/',
    decorateReply: false,
    maxAge: '1d',
  });
  if (hasClient) {
    // `vite build` writes .br and .gz beside every text asset (vite.config.ts); Cache-Control comes from setHeaders alone.
    const built = { preCompressed: true, cacheControl: false, decorateReply: false, index: false, setHeaders: cacheHeaders } as const;
    // Hashed assets: one wildcard route. The few other files get a route each (`wildcard: false`), so `/`
    // and client routes reach the not-found handler below; the compressed copies get none
    // (restart time; ~350 routes were registered at every start). The manifest is answered in the page's
    // language (previews/manifest.ts).
    await app.register(fastifyStatic, { ...built, root: path.join(WEB_DIST, 'assets'), prefix: '/assets/' });
    await app.register(fastifyStatic, { ...built, root: WEB_DIST, prefix: '/', wildcard: false, globIgnore: ['assets/**', '**/*.br', '**/*.gz', 'manifest.webmanifest'] });
  }

  app.setNotFoundHandler((req, reply) => {
    const url = req.url.split('?')[0]!;
    if (url === '/api' || url.startsWith('/api/') || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return sendProblem(reply, 404, `No route for ${req.method} ${url}.`);
    }
    // The page's language follows the `lang` cookie and Accept-Language (i18n/negotiate.ts).
    return opts.renderPage(url, req).then((html) => reply.header('cache-control', 'no-cache').header('vary', 'Accept-Language, Cookie').type('text/html; charset=utf-8').send(html));
  });
}
