// The installable app: the manifest and the service worker register, Chromium
// reports no installability errors (in a persistent profile: throwaway contexts always
// report `in-incognito`), an offline reload of a visited page shows the shell and the
// offline notice, no /api answer is ever cached, and a waiting new version shows
// 'A new version of Plateful is available' with 'Reload'; axe-clean at 375 and 1280 px.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, expect, test, type Page } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/chromium.mjs';
import { expectNoAxeViolations, expectNoAxeViolationsAtBothWidths } from './support/axe.js';
import { baseURL, makeWorld, signInAs } from './support/world.js';

// The rest of the suite blocks service workers (playwright.config.ts); these tests are about them.
test.use({ serviceWorkers: 'allow' });

/** Waits until a service worker controls `page`. */
async function controlled(page: Page): Promise<void> {
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null, undefined, { timeout: 20_000 });
}

test('the manifest and the service worker register', async ({ page }) => {
  await page.goto('/');
  const href = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(href!)).json()) as Record<string, unknown> & { icons: { sizes: string; purpose: string }[] };
  expect(manifest).toMatchObject({ name: 'Plateful', short_name: 'Plateful', display: 'standalone', start_url: '/', theme_color: '#4338ca' });
  expect(manifest.icons.map((i) => `${i.sizes} ${i.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable']);
  await controlled(page);
  expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.active?.scriptURL)).toBe(`${baseURL()}/sw.js`);
});

test('Chromium reports no installability errors', async () => {
  const profile = mkdtempSync(path.join(tmpdir(), 'plateful-profile-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS, baseURL: baseURL() });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as { installabilityErrors: { errorId: string }[] };
    expect(installabilityErrors.map((e) => e.errorId)).toEqual([]);
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('an offline reload of a visited page shows the shell and the offline notice; no API answer is cached', async ({ page, context }) => {
  await page.goto('/available-foods');
  await controlled(page);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('link', { name: 'Available Foods' }).first()).toBeVisible();
  await expect(page.getByText('You are offline.')).toBeVisible();
  await expectNoAxeViolations(page);
  await context.setOffline(false);
  await expect(page.getByText('You are offline.')).toBeHidden();

  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) for (const req of await (await caches.open(name)).keys()) urls.push(new URL(req.url).pathname);
    return urls;
  });
  expect(cached).toContain('/index.html');
  expect(cached.filter((p) => p.startsWith('/api/') && !/^\/api\/images\/[\w-]{43}$/.test(p))).toEqual([]);
});

test('an offline reload of a visited page keeps the signed-in bar and shows saved data marked as saved', async ({ page, context }) => {
  test.setTimeout(120_000);
  const world = await makeWorld();
  await signInAs(page, world.requester);
  await page.goto('/');
  await controlled(page);
  await page.goto('/my-food-request');
  const row = page.getByRole('row').filter({ hasText: world.foodName });
  await expect(row).toBeVisible();
  await context.setOffline(true);
  await page.reload();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: 'My Food Request' })).toBeVisible();
  await expect(row).toBeVisible();
  await expect(page.getByText('Saved copy.')).toBeVisible();
  await expect(page.getByText(/You are offline: this shows what Plateful saved on this device on/)).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  // A page never visited says plainly that it was not saved, instead of spinning.
  await nav.getByRole('link', { name: 'Manage My Foods' }).last().evaluate((a: HTMLAnchorElement) => a.click());
  await expect(page.getByText('You are offline, and this was not saved on this device.')).toBeVisible();
  await context.setOffline(false);
  await expect(page.getByText('Saved copy.')).toBeHidden();
});

test('a waiting new version shows the update prompt, and Reload switches to it', async ({ page }) => {
  const file = path.join(process.cwd(), 'dist/web/sw.js');
  const original = readFileSync(file);
  try {
    await page.goto('/');
    await controlled(page);
    writeFileSync(file, Buffer.concat([original, Buffer.from(`\n// a new version ${Date.now()}\n`)]));
    await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.update());
    const prompt = page.getByRole('alert').filter({ hasText: 'A new version of Plateful is available' });
    await expect(prompt).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolationsAtBothWidths(page, 800);
    // Nothing switched under the person: the old version still controls the page.
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting !== null)).toBe(true);
    await Promise.all([page.waitForEvent('load'), prompt.getByRole('button', { name: 'Reload' }).click()]);
    await expect(page.getByRole('alert').filter({ hasText: 'A new version' })).toHaveCount(0);
    expect(await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())!.waiting)).toBeNull();
  } finally {
    writeFileSync(file, original);
  }
});
