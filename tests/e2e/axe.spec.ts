// axe-core on every route of SPEC.md §2: signed out and signed in, with data and
// empty, plus the open request dialog, a SweetAlert2 confirmation, the small-screen
// menu and a toast. Zero violations of WCAG 2.2 A/AA and axe's best practices.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { makeWorld, signInAs, type Person, type World } from './support/world.js';

let world: World;
test.beforeAll(async () => {
  world = await makeWorld();
});

/** Waits until the page's data is shown: its h1 is visible and no spinner is left. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
}

interface Case {
  name: string;
  who?: (w: World) => Person;
  path: (w: World) => string;
}

const CASES: Case[] = [
  { name: 'home, signed out', path: () => '/' },
  { name: 'login', path: () => '/login' },
  { name: 'register', path: () => '/register' },
  { name: 'available foods', path: () => '/available-foods' },
  { name: 'available foods, no match', path: () => '/available-foods?search=zzzz-no-such-food' },
  { name: 'food details, signed out', path: (w) => `/food/${w.foodId}` },
  { name: 'food details, unknown id', path: () => '/food/00000000-0000-4000-8000-000000000000' },
  { name: '404 page', path: () => '/no/such/page' },
  { name: 'home, signed in', who: (w) => w.donor, path: () => '/' },
  { name: 'add food', who: (w) => w.donor, path: () => '/add-food' },
  { name: 'manage my foods, with data', who: (w) => w.donor, path: () => '/manage-my-foods' },
  { name: 'manage my foods, empty', who: (w) => w.newcomer, path: () => '/manage-my-foods' },
  { name: 'update food', who: (w) => w.donor, path: (w) => `/update-food/${w.foodId}` },
  { name: 'manage food, with a request', who: (w) => w.donor, path: (w) => `/manage-food/${w.foodId}` },
  { name: 'manage food, no requests', who: (w) => w.donor, path: (w) => `/manage-food/${w.quietFoodId}` },
  { name: 'my food request, with data', who: (w) => w.requester, path: () => '/my-food-request' },
  { name: 'my food request, empty', who: (w) => w.newcomer, path: () => '/my-food-request' },
];

for (const c of CASES) {
  test(`axe: ${c.name}`, async ({ page }) => {
    if (c.who) await signInAs(page, c.who(world));
    await page.goto(c.path(world));
    await settled(page);
    await expectNoAxeViolations(page);
  });
}

test('axe: the request dialog', async ({ page }) => {
  await signInAs(page, world.newcomer);
  await page.goto(`/food/${world.foodId}`);
  await page.getByRole('button', { name: 'Request', exact: true }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page);
});

test('axe: a SweetAlert2 confirmation', async ({ page }) => {
  await signInAs(page, world.donor);
  await page.goto('/manage-my-foods');
  await page.getByRole('row', { name: new RegExp(world.foodName) }).getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByRole('dialog', { name: 'Are you sure?' })).toBeVisible();
  await expectNoAxeViolations(page);
});

test('axe: the guard toast and the small-screen menu', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/add-food');
  await expect(page.getByText('Access Denied: Please Log In')).toBeVisible();
  await page.getByRole('button', { name: 'Menu' }).click();
  await expect(page.getByRole('link', { name: 'Available Foods' })).toBeVisible();
  await expectNoAxeViolations(page);
});
