/**
 * Benchmark 3 (docs/benchmarks.md): the initial JS and CSS a browser loads to show
 * each route of SPEC.md §2 from a cold cache, as served (the build's precompressed
 * .gz and .br files, see vite.config.ts). Initial = the entry chunk and its static
 * imports, plus the lazily loaded chunks the route needs before it can render
 * (its page, `QueryBoundary` for data pages, `RequireAuth` for login-required ones)
 * with their static imports. Reads `dist/web/.vite/manifest.json`.
 */
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { LOCALES } from '../src/contract/locale-codes.js';
import { catalogPartsAt, PAGE_LIST, UNKNOWN_PATH_MODULES, pageModules } from '../src/contract/routes.js';
import { catalogModules, chunkFiles, type Manifest } from '../src/server/previews/preloads.js';
import { kb } from './lib.js';

const DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/web');

/** Each page of the contract's table and the lazily loaded modules (manifest keys) it renders with; then a 404. */
export const ROUTES: [string, string[]][] = [...PAGE_LIST.map(([, page]): [string, string[]] => [page.path, pageModules(page)]), ['(unknown path)', UNKNOWN_PATH_MODULES]];

/** A path of the contract's table as a concrete one (`{id}` → `x`); the unknown path as one no page matches. */
const concrete = (route: string) => (route.startsWith('(') ? '/no-such-page' : route.replace(/\{[^}]+\}/g, 'x'));

/** Bytes of `file` raw, gzip and brotli: the precompressed siblings when the build wrote them. */
function sizes(file: string): { raw: number; gzip: number; br: number } {
  const full = path.join(DIST, file);
  const data = readFileSync(full);
  const sibling = (ext: string, make: () => Buffer) => (existsSync(full + ext) ? statSync(full + ext).size : make().length);
  return { raw: data.length, gzip: sibling('.gz', () => gzipSync(data, { level: 9 })), br: sibling('.br', () => brotliCompressSync(data)) };
}

/** Every file of the initial load of `lazy` routes' modules (manifest keys), the entry's included. */
const initialFiles = (manifest: Manifest, lazy: string[]) => chunkFiles(manifest, ['index.html', ...lazy]);

/**
 * What the service worker adds to a first visit of the home page, as
 * served: `sw.js`, then every precached file the page did not load itself (hashed
 * assets it loaded come from the HTTP cache; `index.html` is fetched again, with
 * its revision). Text is counted brotli-compressed, images and the manifest raw.
 */
export function serviceWorkerWeight(): Record<string, string | number>[] {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const home = initialFiles(manifest, []);
  const loaded = new Set([...home.js, ...home.css]);
  const sw = readFileSync(path.join(DIST, 'sw.js'), 'utf8');
  const precache = [...new Set([...sw.matchAll(/"url":"([^"]+)"/g)].map((m) => m[1]!))];
  const wire = (file: string) => (/\.(js|css|html|svg)$/.test(file) ? sizes(file).br : statSync(path.join(DIST, file)).size);
  const extra = precache.filter((f) => !loaded.has(f));
  const swBytes = brotliCompressSync(readFileSync(path.join(DIST, 'sw.js'))).length;
  const extraBytes = extra.reduce((sum, f) => sum + wire(f), 0);
  return [
    { part: 'sw.js (brotli)', files: 1, bytes: kb(swBytes) },
    { part: 'precached files the home page did not load', files: extra.length, bytes: kb(extraBytes) },
    { part: 'added to the first visit', files: extra.length + 1, bytes: kb(swBytes + extraBytes) },
  ];
}

/** The table rows: per route, initial JS and CSS (raw, gzip, brotli) and the number of files. */
export function clientWeight(): Record<string, string | number>[] {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  return ROUTES.map(([route, lazy]) => {
    const { js, css } = initialFiles(manifest, lazy);
    const sum = (files: Set<string>) =>
      [...files].map(sizes).reduce((a, b) => ({ raw: a.raw + b.raw, gzip: a.gzip + b.gzip, br: a.br + b.br }), { raw: 0, gzip: 0, br: 0 });
    const j = sum(js);
    const c = sum(css);
    return {
      route,
      'JS files': js.size,
      'JS raw': kb(j.raw),
      'JS gzip': kb(j.gzip),
      'JS brotli': kb(j.br),
      'CSS raw': kb(c.raw),
      'CSS gzip': kb(c.gzip),
      'CSS brotli': kb(c.br),
    };
  });
}

/**
 * Per route and language other than English: the gzip bytes of the catalogs the route downloads, as served
 * (`core`, the parts of contract routes.ts `catalogPartsAt`, the home page's included, and the loaders' table of that
 * language: src/server/previews/preloads.ts `catalogModules`; the entry's chunks they import are not counted); budget 12 KB gzip per locale per route
 * (docs/translating.md "Weight"). One row per route, a column per locale.
 */
export function catalogWeight(): Record<string, string | number>[] {
  const manifest = JSON.parse(readFileSync(path.join(DIST, '.vite/manifest.json'), 'utf8')) as Manifest;
  const entry = initialFiles(manifest, []).js;
  return ROUTES.map(([route]) => {
    const pathname = concrete(route);
    const row: Record<string, string | number> = { route, parts: ['core', ...catalogPartsAt(pathname)].join(' + ') };
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const { js } = chunkFiles(manifest, catalogModules(pathname, locale, { home: true }));
      row[`${locale} gzip`] = kb([...js].filter((file) => !entry.has(file)).reduce((sum, file) => sum + sizes(file).gzip, 0));
    }
    return row;
  });
}

/** The largest of {@link catalogWeight}'s figures per locale, and its route. */
export function heaviestCatalogs(rows: Record<string, string | number>[]): Record<string, string | number>[] {
  return LOCALES.filter((l) => l !== 'en').map((locale) => {
    const top = rows.reduce((a, b) => (parseFloat(String(b[`${locale} gzip`])) > parseFloat(String(a[`${locale} gzip`])) ? b : a));
    return { locale, route: top.route!, gzip: top[`${locale} gzip`]! };
  });
}
