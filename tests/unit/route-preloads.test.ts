// Lighthouse LCP: a /food/{id} or /available-foods page preloads the lazy
// chunks it renders with, from Vite's build manifest, minus what the entry already loads.
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
    _query: { file: 'assets/query.js', imports: ['_vendor'] },
    'app/QueryBoundary.tsx': { file: 'assets/boundary.js', imports: ['_query'] },
    'features/foods/pages/FoodDetailsPage.tsx': { file: 'assets/detail.js', imports: ['_query', '_photos'], css: ['assets/detail.css'] },
    _photos: { file: 'assets/photos.js' },
    'features/foods/pages/AvailableFoodsPage.tsx': { file: 'assets/list.js', imports: ['_photos'] },
  }),
);

const hrefs = (tags: string) => [...tags.matchAll(/<link rel="(\w+)" crossorigin href="([^"]+)" \/>/g)].map((m) => `${m[1]} ${m[2]}`);

test('a food page preloads its page chunk, the query boundary and their imports, not the entry or the vendor chunk', () => {
  const preloads = routePreloads(dist);
  expect(hrefs(preloads('/food/0b4f3c1e-1d7a-4c55-9e1f-0a2b3c4d5e6f')).sort()).toEqual(
    ['modulepreload /assets/boundary.js', 'modulepreload /assets/query.js', 'modulepreload /assets/detail.js', 'modulepreload /assets/photos.js', 'stylesheet /assets/detail.css'].sort(),
  );
  expect(hrefs(preloads('/available-foods')).sort()).toEqual(
    ['modulepreload /assets/boundary.js', 'modulepreload /assets/query.js', 'modulepreload /assets/list.js', 'modulepreload /assets/photos.js'].sort(),
  );
});

test('other pages, and a server without a built client, preload nothing', () => {
  expect(routePreloads(dist)('/')).toBe('');
  expect(routePreloads(dist)('/food/a/b')).toBe('');
  expect(routePreloads(path.join(dist, 'missing'))('/food/x')).toBe('');
});
