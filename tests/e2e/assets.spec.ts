// Built assets are sent precompressed (brotli, else gzip) with
// year-long immutable caching; index.html is revalidated; each page is its own chunk.
import { readFileSync } from 'node:fs';
import { expect, test } from '@playwright/test';

/**
 * What each built script is: chunks are named by content hash alone (vite.config.ts), so
 * the build manifest maps a served path to its source and chunk name.
 */
function builtScripts(): Map<string, string> {
  const manifest = JSON.parse(readFileSync('dist/web/.vite/manifest.json', 'utf8')) as Record<string, { file: string; name?: string }>;
  return new Map(Object.entries(manifest).map(([source, chunk]) => [`/${chunk.file}`, `${source} ${chunk.name ?? ''}`]));
}

test('hashed scripts and styles come compressed and cached for a year', async ({ request }) => {
  const html = await (await request.get('/')).text();
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  expect(assets.length).toBeGreaterThanOrEqual(2);
  for (const asset of assets) {
    const br = await request.get(asset, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers()['content-encoding'], asset).toBe('br');
    expect(br.headers()['cache-control']).toBe('public, max-age=31536000, immutable');
    const gz = await request.get(asset, { headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers()['content-encoding'], asset).toBe('gzip');
  }
  const index = await request.get('/available-foods');
  expect(index.headers()['cache-control']).toBe('no-cache');
});

test('the home page loads no other page, SweetAlert2 or dayjs; the available-foods page loads its own chunk', async ({ page }) => {
  const built = builtScripts();
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(built.get(new URL(r.url()).pathname) ?? new URL(r.url()).pathname);
  });
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'View Details' })).toHaveCount(6);
  expect(scripts.filter((s) => /Page\.tsx|sweetalert2|datetime/.test(s))).toEqual([]);
  await page.getByRole('link', { name: 'Available Foods' }).first().click();
  await expect(page.getByRole('button', { name: 'Search' })).toBeVisible();
  expect(scripts.some((s) => s.startsWith('features/foods/pages/AvailableFoodsPage.tsx'))).toBe(true);
});
