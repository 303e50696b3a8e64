// The available-foods page loads 24 foods at a time, loads the
// next page when the visitor scrolls to the end or presses 'Load more', and keeps the
// search and the expiry-date sort while doing so.
import { expect, test, type Page } from '@playwright/test';
import { isoInDays } from './support/world.js';

const run = Date.now().toString(36);
const prefix = `Scroll Stew ${run}`;
const COUNT = 30;

test.beforeAll(async ({ request }) => {
  const signUp = await request.post('/api/auth/sign-up/email', {
    data: { name: 'Sam Scroller', email: `sam.${run}@example.org`, password: 'scroll-pass-1', image: 'http://localhost/images/demo/donor-ben.svg' },
  });
  expect(signUp.ok()).toBe(true);
  for (let i = 1; i <= COUNT; i++) {
    const res = await request.post('/api/foods', {
      data: {
        FoodName: `${prefix} ${String(i).padStart(2, '0')}`,
        FoodImage: 'http://localhost/images/demo/vegetable-soup.svg',
        FoodQuantity: 2,
        PickupLocation: '3 Mill Lane',
        // Food 01 expires first, food 30 last.
        ExpiredDateTime: isoInDays(i),
        AdditionalNotes: 'Still warm.',
      },
    });
    expect(res.status()).toBe(201);
  }
});

const cards = (page: Page) => page.getByRole('link', { name: 'View Details' });
const titles = (page: Page) => page.getByRole('heading', { level: 2, name: prefix });

test('shows 24 foods, then the rest when the visitor scrolls to the end', async ({ page }) => {
  await page.goto(`/available-foods?search=${encodeURIComponent(prefix)}`);
  await expect(cards(page)).toHaveCount(24);
  // Default order: expiry date descending, so the last-expiring food comes first.
  await expect(titles(page).first()).toHaveText(`${prefix} 30`);
  await expect(page.getByRole('button', { name: 'Load more' })).toBeVisible();

  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(cards(page)).toHaveCount(COUNT);
  await expect(titles(page).last()).toHaveText(`${prefix} 01`);
  await expect(page.getByRole('button', { name: 'Load more' })).toHaveCount(0);
  await expect(page.getByRole('searchbox')).toHaveValue(prefix);
});

test("'Load more' works from the keyboard, and the sort keeps the search", async ({ page }) => {
  // Without IntersectionObserver, only the button can load the next page.
  await page.addInitScript(() => {
    window.IntersectionObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
      takeRecords() {
        return [];
      }
    } as unknown as typeof IntersectionObserver;
  });
  await page.goto(`/available-foods?search=${encodeURIComponent(prefix)}`);
  await expect(cards(page)).toHaveCount(24);
  await page.getByRole('button', { name: 'Load more' }).focus();
  await page.keyboard.press('Enter');
  await expect(cards(page)).toHaveCount(COUNT);

  await page.getByRole('button', { name: 'Sort by expiry date: Descending' }).click();
  await expect(page.getByRole('button', { name: 'Sort by expiry date: Ascending' })).toBeVisible();
  await expect(titles(page).first()).toHaveText(`${prefix} 01`);
  await expect(cards(page)).toHaveCount(24);
  await expect(page.getByRole('searchbox')).toHaveValue(prefix);
  await page.getByRole('button', { name: 'Load more' }).press('Enter');
  await expect(cards(page)).toHaveCount(COUNT);
  await expect(titles(page).last()).toHaveText(`${prefix} 30`);
});
