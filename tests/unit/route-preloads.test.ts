// Lighthouse LCP: a /food/{id} or /available-foods page preloads the lazy
// chunks it renders with, from Vite's build manifest, minus what the entry already loads;
// every page but home preloads the routes of the pages but home and the footer (with its
// stylesheet); every page preloads the catalogs of its language it renders with.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { routePreloads } from '../../src/server/previews/preloads.js';

const dist = mkdtempSync(path.join(tmpdir(), 'plateful-preloads-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

mkdirSync(path.join(dist, '.vite'));
writeFileSync(
  path.join(dist, '.vite/manifest.json'),
  JSON.stringify({
    'index.html': { file: 'assets/entry.js', imports: ['_vendor'], css: ['assets/index.css'] },
    _vendor: { file: 'assets/vendor.js' },
    'app/PageRoutes.tsx': { file: 'assets/routes.js', imports: ['_vendor'] },
    _query: { file: 'assets/query.js', imports: ['_vendor'] },
    'app/QueryBoundary.tsx': { file: 'assets/boundary.js', imports: ['_query'] },
    'features/foods/pages/FoodDetailsPage.tsx': { file: 'assets/detail.js', imports: ['_query', '_photos'], css: ['assets/detail.css'] },
    _photos: { file: 'assets/photos.js' },
    'app/Footer.tsx': { file: 'assets/footer.js', imports: ['_vendor', '_select'] },
    _select: { file: 'assets/select.js', css: ['assets/select.css'] },
    'features/foods/pages/AvailableFoodsPage.tsx': { file: 'assets/list.js', imports: ['_photos'] },
    'lib/catalogs/en.ts': { file: 'assets/catalogs-en.js', imports: ['_vendor'] },
    'lib/catalogs/de.ts': { file: 'assets/catalogs-de.js', imports: ['_vendor'] },
    'lib/catalogs/ar.ts': { file: 'assets/catalogs-ar.js', imports: ['_vendor'] },
    'locales/en/shared.json?lingui': { file: 'assets/en-shared.js' },
    'locales/en/foods.json?lingui': { file: 'assets/en-foods.js' },
    'locales/en/common.json?lingui': { file: 'assets/en-common.js' },
    'locales/de/common.json?lingui': { file: 'assets/de-common.js' },
    'locales/en/home.json?lingui': { file: 'assets/en-home.js' },
    'locales/en/moderation.json?lingui': { file: 'assets/en-moderation.js' },
    'locales/de/core.json?lingui': { file: 'assets/de-core.js' },
    'locales/de/shared.json?lingui': { file: 'assets/de-shared.js' },
    'locales/de/foods.json?lingui': { file: 'assets/de-foods.js' },
    'locales/ar/core.json?lingui': { file: 'assets/ar-core.js' },
    'locales/ar/home.json?lingui': { file: 'assets/ar-home.js' },
  }),
);

/** `rel href` of each tag; a module preload must ask for low priority (after the entry and the first paint). */
const hrefs = (tags: string) =>
  [...tags.matchAll(/<link rel="(\w+)" crossorigin (fetchpriority="low" )?href="([^"]+)" \/>/g)].map((m) => {
    expect(Boolean(m[2]), m[0]).toBe(m[1] === 'modulepreload');
    return `${m[1]} ${m[3]}`;
  });

test('a food page preloads its page chunk, the query boundary, their imports and its messages, not the entry or the vendor chunk', () => {
  const preloads = routePreloads(dist);
  expect(hrefs(preloads('/food/0b4f3c1e-1d7a-4c55-9e1f-0a2b3c4d5e6f', 'en')).sort()).toEqual(
    [
      'modulepreload /assets/routes.js',
      'modulepreload /assets/boundary.js',
      'modulepreload /assets/query.js',
      'modulepreload /assets/detail.js',
      'modulepreload /assets/photos.js',
      'modulepreload /assets/catalogs-en.js',
      'modulepreload /assets/en-common.js',
      'modulepreload /assets/en-shared.js',
      'modulepreload /assets/en-foods.js',
      'stylesheet /assets/detail.css',
      'modulepreload /assets/footer.js',
      'modulepreload /assets/select.js',
      'stylesheet /assets/select.css',
    ].sort(),
  );
  expect(hrefs(preloads('/available-foods', 'en')).sort()).toEqual(
    [
      'modulepreload /assets/routes.js',
      'modulepreload /assets/boundary.js',
      'modulepreload /assets/query.js',
      'modulepreload /assets/list.js',
      'modulepreload /assets/photos.js',
      'modulepreload /assets/catalogs-en.js',
      'modulepreload /assets/en-common.js',
      'modulepreload /assets/en-shared.js',
      'modulepreload /assets/en-foods.js',
      'modulepreload /assets/footer.js',
      'modulepreload /assets/select.js',
      'stylesheet /assets/select.css',
    ].sort(),
  );
});

test("a page in another language also preloads its core catalog and its language's table of catalogs", () => {
  const preloads = routePreloads(dist);
  expect(hrefs(preloads('/available-foods', 'de'))).toEqual(
    expect.arrayContaining([
      'modulepreload /assets/catalogs-de.js',
      'modulepreload /assets/de-core.js',
      'modulepreload /assets/de-common.js',
      'modulepreload /assets/de-shared.js',
      'modulepreload /assets/de-foods.js',
    ]),
  );
  for (const other of ['en-foods', 'en-common', 'catalogs-en', 'catalogs-ar']) expect(hrefs(preloads('/available-foods', 'de'))).not.toContain(`modulepreload /assets/${other}.js`);
  // The home page's lower sections load after its first screen.
  expect(hrefs(preloads('/', 'ar')).sort()).toEqual(['modulepreload /assets/ar-core.js', 'modulepreload /assets/catalogs-ar.js']);
});

test('an English home page, and a server without a built client, preload nothing; other pages the routes and their messages', () => {
  expect(routePreloads(dist)('/', 'en')).toBe('');
  expect(hrefs(routePreloads(dist)('/moderation/log', 'en'))).toEqual([
    'stylesheet /assets/select.css',
    'modulepreload /assets/routes.js',
    'modulepreload /assets/footer.js',
    'modulepreload /assets/select.js',
    'modulepreload /assets/catalogs-en.js',
    'modulepreload /assets/en-common.js',
    'modulepreload /assets/en-shared.js',
    'modulepreload /assets/en-moderation.js',
  ]);
  // An unknown path: the 404 page is in the routes' chunk, its texts in `common` (which the English entry loads itself).
  expect(hrefs(routePreloads(dist)('/food/a/b', 'en'))).toEqual([
    'stylesheet /assets/select.css',
    'modulepreload /assets/routes.js',
    'modulepreload /assets/footer.js',
    'modulepreload /assets/select.js',
    'modulepreload /assets/en-common.js',
  ]);
  expect(routePreloads(path.join(dist, 'missing'))('/food/x', 'en')).toBe('');
});
