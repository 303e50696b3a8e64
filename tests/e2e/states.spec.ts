// Loading and failure states (SPEC.md §2, §9): a spinner while data loads; when the
// API cannot be reached, after the 3 retries with backoff (~7 s), a readable
// message with a 'Try again' button, which loads the data once the API is back.
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { makeWorld, signInAs, type World } from './support/world.js';

let world: World;
test.beforeAll(async () => {
  world = await makeWorld();
});

/** The data API, but not sign-in and session calls, so the user stays signed in. */
function isDataCall(url: URL): boolean {
  return url.pathname.startsWith('/api/') && !url.pathname.startsWith('/api/auth/') && url.pathname !== '/api/jwt';
}

/**
 * The live event stream (`/api/events`, one per signed-in tab) stays refused: the parallel
 * tabs' streams would hold all six HTTP/1.1 connections Chromium keeps per origin, and a
 * tab's data call, once the API is back, then waited for one (a race with the tabs' timing).
 */
const isEventStream = (url: URL) => url.pathname === '/api/events';

/**
 * Opens `open` (a path loaded with the API down, or steps that bring the API down with
 * `fail` and then navigate), expects the spinner, the message after the retries, and
 * the data once 'Try again' is pressed with the API back.
 */
async function failsThenRecovers(
  context: BrowserContext,
  open: string | ((page: Page, fail: () => void) => Promise<void>),
  loaded: (page: Page) => Promise<void>,
) {
  const page = await context.newPage();
  let down = typeof open === 'string';
  await page.route(isDataCall, (route) => (down || isEventStream(new URL(route.request().url())) ? route.abort('connectionrefused') : route.fallback()));
  if (typeof open === 'string') await page.goto(open);
  else await open(page, () => (down = true));
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: /could not load/i });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  // The API comes back only once the button is in hand, and the button is clicked in the page at once: Playwright's
  // own click moves the window's focus first, and the focus refetch it sets off would load the data and take the
  // button away before the click.
  const tryAgain = await alert.getByRole('button', { name: 'Try again' }).elementHandle();
  down = false;
  await tryAgain!.evaluate((button: HTMLButtonElement) => button.click());
  await loaded(page);
  await expect(alert).toBeHidden();
}

/** Finds the world's food on Available Foods with the API up, then brings the API down (`fail`) and opens its details. */
async function openFromAvailableFoods(page: Page, fail: () => void) {
  await page.goto('/available-foods');
  await page.getByRole('searchbox').fill(world.foodName);
  await page.getByRole('button', { name: 'Search' }).click();
  const details = page.getByRole('link', { name: 'View Details' });
  await expect(details).toHaveCount(1);
  fail();
  await details.click();
}

test('a food page opened directly shows its food from the page at once, without waiting for the API', async ({ page }) => {
  let asked = false;
  await page.route(isDataCall, async (route) => {
    asked = true;
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    await route.fallback().catch(() => undefined); // the page may be closed by then
  });
  await page.goto(`/food/${world.foodId}`);
  await expect(page.getByRole('heading', { level: 1, name: world.foodName })).toBeVisible({ timeout: 8000 });
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  // It still asks the API for a fresh copy, once it has painted (not necessarily before).
  await expect.poll(() => asked).toBe(true);
});

test('a food page opened directly keeps its food when the API stays unreachable through the retries', async ({ page }) => {
  let calls = 0;
  await page.route(isDataCall, (route) => {
    if (new URL(route.request().url()).pathname === `/api/foods/${world.foodId}`) calls += 1;
    return route.abort('connectionrefused');
  });
  await page.goto(`/food/${world.foodId}`);
  await expect(page.getByRole('heading', { level: 1, name: world.foodName })).toBeVisible();
  // The food's first call and its 3 retries (app/queryClient.ts) have all failed.
  await expect.poll(() => calls, { timeout: 20_000 }).toBeGreaterThanOrEqual(4);
  await page.waitForTimeout(500);
  await expect(page.getByRole('alert').filter({ hasText: /could not load/i })).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: world.foodName })).toBeVisible();
});

test('every data page shows a spinner, then a message with Try again when the API is down', async ({ page, context }) => {
  // Six tabs, each through the 3 retries (~7 s), on a busy two-core machine.
  test.setTimeout(120_000);
  await signInAs(page, world.donor);
  await Promise.all([
    failsThenRecovers(context, '/', (p) => expect(p.getByRole('link', { name: 'View Details' })).toHaveCount(6)),
    failsThenRecovers(context, '/available-foods', (p) => expect(p.getByRole('link', { name: 'View Details' }).first()).toBeVisible()),
    // A /food/{id} page opened directly shows the food embedded in its HTML at once (no
    // loading); its data loads, with the spinner, when reached from Available Foods.
    failsThenRecovers(context, (p, fail) => openFromAvailableFoods(p, fail), (p) =>
      expect(p.getByRole('heading', { level: 1, name: world.foodName })).toBeVisible(),
    ),
    failsThenRecovers(context, '/manage-my-foods', (p) => expect(p.getByRole('row', { name: new RegExp(world.foodName) })).toBeVisible()),
    failsThenRecovers(context, `/manage-food/${world.foodId}`, (p) => expect(p.getByRole('button', { name: 'Mark as Delivered' })).toBeVisible()),
    failsThenRecovers(context, `/update-food/${world.foodId}`, (p) => expect(p.getByLabel('Food Name')).toHaveValue(world.foodName)),
  ]);
});

test('my food request shows the same message and recovers', async ({ page, context }) => {
  await signInAs(page, world.requester);
  await failsThenRecovers(context, '/my-food-request', (p) => expect(p.getByRole('cell', { name: 'N/A', exact: true })).toBeVisible());
});
