// Arabic on a phone (docs/translating.md): every page a person reaches, signed in as a donor or as the
// neighbour who asked for the food, and the signed-out forms and the 404 page, are right to left and
// nothing overflows a 375 px screen (tests/e2e/support/overflow.ts). The home page, Available Foods,
// Login, Wanted and Manage Food are walked in i18n.spec.ts.
import { expect, test, type Browser } from '@playwright/test';
import { expectNoOverflow } from './support/overflow.js';
import { baseURL, listFood, newPerson, pageFor, type Person } from './support/world.js';

/** Opens each of `paths` in Arabic at 375 px as `who` (signed out when absent) and checks it fits. */
async function walk(browser: Browser, who: Person | undefined, paths: string[]) {
  const page = await pageFor(browser, who, 375);
  await page.context().addCookies([{ name: 'lang', value: 'ar', url: baseURL() }]);
  for (const path of paths) {
    await page.goto(path);
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    // The page's data arrives after its heading: judge it once nothing moves any more.
    await expect.poll(() => page.evaluate(() => document.querySelectorAll('[aria-busy="true"], .animate-spin').length)).toBe(0);
    await expectNoOverflow(page, path);
  }
  await page.context().close();
}

test('Arabic signed-in pages fit a 375 px screen', async ({ browser }) => {
  test.setTimeout(120_000);
  const donor = await newPerson('Dalia Donor');
  const neighbour = await newPerson('Maximilianagwendolyn Featherstonehaugh-Montgomery');
  const foodId = await listFood(donor.api, { FoodName: 'Khubz with a rather long name to wrap', FoodQuantity: 4 });
  const res = await neighbour.api.post('/api/requests', { data: { FoodId: foodId, AdditionalNotes: 'After six, please.' } });
  expect(res.ok(), await res.text()).toBe(true);
  const requestId = ((await res.json()) as { insertedId: string }).insertedId;
  await Promise.all([donor.api.dispose(), neighbour.api.dispose()]);

  await walk(browser, neighbour, [
    '/my-food-request',
    `/requests/${requestId}`,
    `/food/${foodId}`,
    '/add-food',
    '/notifications',
    '/settings/notifications',
    '/account',
    '/profile',
  ]);
  await walk(browser, donor, ['/manage-my-foods', `/update-food/${foodId}`, '/notifications']);
});

test('Arabic signed-out forms and the 404 page fit a 375 px screen', async ({ browser }) => {
  await walk(browser, undefined, ['/register', '/forgot-password', '/reset-password?token=not-a-token', '/no-such-page']);
});
