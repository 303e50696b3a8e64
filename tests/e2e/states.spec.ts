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

async function failsThenRecovers(context: BrowserContext, path: string, loaded: (page: Page) => Promise<void>) {
  const page = await context.newPage();
  let down = true;
  await page.route(isDataCall, (route) => (down ? route.abort('connectionrefused') : route.fallback()));
  await page.goto(path);
  await expect(page.getByRole('status', { name: 'Loading' })).toBeVisible();
  const alert = page.getByRole('alert').filter({ hasText: /could not load/i });
  await expect(alert).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  down = false;
  await alert.getByRole('button', { name: 'Try again' }).click();
  await loaded(page);
  await expect(alert).toBeHidden();
}

test('every data page shows a spinner, then a message with Try again when the API is down', async ({ page, context }) => {
  await signInAs(page, world.donor);
  await Promise.all([
    failsThenRecovers(context, '/', (p) => expect(p.getByRole('link', { name: 'View Details' })).toHaveCount(6)),
    failsThenRecovers(context, '/available-foods', (p) => expect(p.getByRole('link', { name: 'View Details' }).first()).toBeVisible()),
    failsThenRecovers(context, `/food/${world.foodId}`, (p) => expect(p.getByRole('heading', { level: 1, name: world.foodName })).toBeVisible()),
    failsThenRecovers(context, '/manage-my-foods', (p) => expect(p.getByRole('row', { name: new RegExp(world.foodName) })).toBeVisible()),
    failsThenRecovers(context, `/manage-food/${world.foodId}`, (p) => expect(p.getByRole('button', { name: 'Mark as Delivered' })).toBeVisible()),
    failsThenRecovers(context, `/update-food/${world.foodId}`, (p) => expect(p.getByLabel('Food Name')).toHaveValue(world.foodName)),
  ]);
});

test('my food request shows the same message and recovers', async ({ page, context }) => {
  await signInAs(page, world.requester);
  await failsThenRecovers(context, '/my-food-request', (p) => expect(p.getByRole('cell', { name: 'N/A', exact: true })).toBeVisible());
});
