// Fidelity to SPEC.md §1, §2, §8 and §9, one test per route: the visible texts,
// labels, button names, titles, empty states and formats a user sees.
import { expect, test, type Page } from '@playwright/test';
import { isoInDays, makeWorld, signInAs, type World } from './support/world.js';

test.use({ locale: 'en-US', viewport: { width: 1280, height: 900 } });

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
/** SPEC.md §9's 'DD MMMM, YYYY' for a `YYYY-MM-DD` date. */
function spelled(iso: string): string {
  const [y, m, d] = iso.split('-');
  return `${d} ${MONTHS[Number(m) - 1]}, ${y}`;
}
const DATE = /^\d{2} [A-Z][a-z]+, \d{4}$/;
const DATE_TIME = /^\d{2} [A-Z][a-z]+, \d{4}, \d{1,2}:\d{2}:\d{2} (am|pm)$/;

let world: World;
test.beforeAll(async () => {
  world = await makeWorld();
});

async function expectColumns(page: Page, names: string[]) {
  for (const name of names) await expect(page.getByRole('columnheader', { name, exact: true })).toBeVisible();
}

test('layout and home: bar links, hero, featured grid, six tips, two testimonials, footer', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Plateful | Home');
  const nav = page.getByRole('navigation', { name: 'Main' });
  for (const [label, href] of [['Home', '/'], ['Available Foods', '/available-foods'], ['Add Food', '/add-food'], ['Manage My Foods', '/manage-my-foods'], ['My Food Request', '/my-food-request']]) {
    await expect(nav.getByRole('link', { name: label, exact: true }).last()).toHaveAttribute('href', href!);
  }
  await expect(nav.getByRole('link', { name: 'Plateful' })).toHaveAttribute('href', '/');
  await expect(nav.getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/login');
  await expect(page.getByRole('link', { name: 'Donate now' })).toHaveAttribute('href', '/add-food');
  const details = page.getByRole('link', { name: 'View Details' });
  await expect(details).toHaveCount(6);
  await expect(details.first()).toHaveAttribute('href', /^\/food\/[0-9a-f-]{36}$/);
  for (const tip of ['Composting', 'Mindful Shopping', 'Leftover Recipes', 'Proper Storage', 'Portion Control', 'Community Sharing']) {
    await expect(page.getByRole('heading', { name: tip, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('region', { name: 'What Our Community Says' }).getByRole('figure')).toHaveCount(2);
  // The footer also holds the language picker (docs/translating.md).
  await expect(page.getByRole('contentinfo').getByText('Copyright © 2024 - All right reserved by Plateful', { exact: true })).toBeVisible();
});

test('/login and /register: fields, buttons, links and titles', async ({ page }) => {
  await page.goto('/login');
  await expect(page).toHaveTitle('Plateful | Login');
  await expect(page.getByLabel('Email')).toHaveAttribute('type', 'email');
  await expect(page.getByLabel('Password')).toHaveAttribute('type', 'password');
  await expect(page.getByRole('button', { name: 'Login', exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Sign in with Google' })).toBeVisible();
  await expect(page.getByText('New here? Register')).toBeVisible();
  await page.getByRole('link', { name: 'Register', exact: true }).click();
  await expect(page).toHaveTitle('Plateful | Register');
  for (const label of ['Name', 'Photo URL', 'Email', 'Password']) await expect(page.getByLabel(label, { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Register', exact: true })).toBeVisible();
  await expect(page.getByText('Already have account? Login')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Login', exact: true })).toHaveAttribute('href', '/login');
});

test('/available-foods: search, sort toggle (default descending) and the grid order', async ({ page }) => {
  await page.goto('/available-foods');
  await expect(page.getByRole('searchbox')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Search', exact: true })).toBeVisible();
  const toggle = page.getByRole('button', { name: /sort by expiry date/i });
  await expect(toggle).toHaveText(/descending/i);
  const expiries = async () => {
    const texts = await page.getByRole('article').getByText(DATE).allTextContents();
    return texts.map((t) => new Date(t.replace(',', '')).getTime());
  };
  await expect(page.getByRole('article').first()).toBeVisible();
  const desc = await expiries();
  expect(desc.length).toBeGreaterThan(1);
  expect(desc).toEqual([...desc].sort((a, b) => b - a));
  await toggle.click();
  await expect(toggle).toHaveText(/ascending/i);
  await expect.poll(expiries).toEqual([...desc].sort((a, b) => a - b));
});

test('/food/{id}: details in the spec formats, images named, Request remembers the path', async ({ page }) => {
  await page.goto(`/food/${world.foodId}`);
  await expect(page.getByRole('heading', { level: 1, name: world.foodName })).toBeVisible();
  await expect(page.getByRole('img', { name: world.foodName })).toBeVisible();
  await expect(page.getByRole('img', { name: world.donor.name })).toBeVisible();
  await expect(page.getByText('Picked this morning.')).toBeVisible();
  await expect(page.getByText('12 Elm Street')).toBeVisible();
  const [y, m, d] = isoInDays(6).split('-').map(Number);
  await expect(page.getByText(new Date(y!, m! - 1, d).toLocaleDateString('en-US'), { exact: true })).toBeVisible();
  await expect(page.getByText(world.donor.name, { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Request', exact: true }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(world.newcomer.email);
  await page.getByLabel('Password').fill(world.newcomer.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/food/${world.foodId}$`));
  await page.getByRole('button', { name: 'Request', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Additional Notes')).toBeVisible();
  await expect(dialog.getByLabel('Donation Money')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Request', exact: true })).toBeEnabled();
});

test('/food/{id}: the donor cannot request their own listing', async ({ page }) => {
  await signInAs(page, world.donor);
  await page.goto(`/food/${world.foodId}`);
  await page.getByRole('button', { name: 'Request', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('This is your own listing, so you cannot request it.')).toBeVisible();
  await expect(dialog.getByRole('button', { name: 'Request', exact: true })).toBeDisabled();
});

test('/add-food and /update-food/{id}: the form fields, types and buttons', async ({ page }) => {
  await signInAs(page, world.donor);
  await page.goto('/add-food');
  for (const [label, type] of [['Food Name', 'text'], ['Food Image URL', 'url'], ['Food Quantity', 'text'], ['Expired Date', 'date'], ['Pickup Location', 'text']]) {
    await expect(page.getByLabel(label!)).toHaveAttribute('type', type!);
  }
  await expect(page.getByLabel('Additional Notes')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Add Donation' })).toBeVisible();
  await page.goto(`/update-food/${world.foodId}`);
  await expect(page.getByLabel('Food Name')).toHaveValue(world.foodName);
  await expect(page.getByLabel('Expired Date')).toHaveValue(isoInDays(6));
  await expect(page.getByRole('button', { name: 'Update Donation' })).toBeVisible();
});

test('/manage-my-foods: columns, links, delete confirmation texts and the empty state', async ({ page }) => {
  await signInAs(page, world.donor);
  await page.goto('/manage-my-foods');
  await expectColumns(page, ['Food Name', 'Update', 'Manage', 'Delete']);
  const row = page.getByRole('row', { name: new RegExp(world.foodName) });
  await expect(row.getByRole('link', { name: 'Update' })).toHaveAttribute('href', `/update-food/${world.foodId}`);
  await expect(row.getByRole('link', { name: 'Manage' })).toHaveAttribute('href', `/manage-food/${world.foodId}`);
  await row.getByRole('button', { name: 'Delete' }).click();
  const ask = page.getByRole('dialog', { name: 'Are you sure?' });
  await expect(ask).toContainText("You won't be able to revert this!");
  await ask.getByRole('button', { name: 'Cancel' }).click();
  const safe = page.getByRole('dialog', { name: 'Cancelled' });
  await expect(safe).toContainText('The Food remains safe');
  await safe.getByRole('button', { name: 'OK' }).click();
  await expect(row).toBeVisible();

  // A fresh visit, not a reload: the open page may already have left for /login once its cookie went.
  await page.context().clearCookies();
  await signInAs(page, world.newcomer);
  await page.goto('/manage-my-foods');
  await expect(page.getByText("You Don't added any foods")).toBeVisible();
});

test('/my-food-request: columns, formats, N/A and Unknown cells, empty state', async ({ page }) => {
  await signInAs(page, world.requester);
  // The API never stores an empty pickup location, so one answer is edited to show the 'Unknown' cell.
  await page.route('**/api/requests?email=*', async (route) => {
    const rows = (await (await route.fetch()).json()) as { PickupLocation: string }[];
    await route.fulfill({ json: [...rows, { ...rows[0]!, _id: '00000000-0000-4000-8000-000000000001', PickupLocation: '' }] });
  });
  await page.goto('/my-food-request');
  await expectColumns(page, ['Donor Name', 'Pickup Location', 'Expire Date', 'Request Date', 'Your Donation Amount', 'Status']);
  const [row, noPlace] = [page.getByRole('row').nth(1), page.getByRole('row').nth(2)];
  await expect(row.getByRole('cell', { name: world.donor.name, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: '12 Elm Street' })).toBeVisible();
  await expect(row.getByRole('cell', { name: spelled(isoInDays(6)), exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: DATE_TIME })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'N/A', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Pending', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Cancel Request' })).toBeEnabled();
  await expect(noPlace.getByRole('cell', { name: 'Unknown', exact: true })).toBeVisible();

  await page.unrouteAll();
  await page.context().clearCookies();
  await signInAs(page, world.newcomer);
  await page.goto('/my-food-request');
  await expect(page.getByRole('heading', { level: 1, name: 'My Food Request' })).toBeVisible();
  await expect(page.getByRole('table')).toHaveCount(0);
});

test('/manage-food/{id}: columns, requester, formats, Delivered disabled, empty state', async ({ page }) => {
  await signInAs(page, world.donor);
  await page.goto(`/manage-food/${world.foodId}`);
  await expectColumns(page, ['Requester Name', 'Requester Image', 'Requester Email', 'Request Date', 'Status', 'Action']);
  const row = page.getByRole('row', { name: new RegExp(world.requester.email) });
  // The name cell, then the image cell (named by its image's alternative text).
  await expect(row.getByRole('cell', { name: world.requester.name, exact: true })).toHaveCount(2);
  await expect(row.getByRole('img', { name: world.requester.name })).toBeVisible();
  await expect(row.getByRole('cell', { name: DATE_TIME })).toBeVisible();
  await row.getByRole('button', { name: 'Mark as Delivered' }).click();
  await expect(page.getByRole('dialog', { name: 'You want to mark this request as delivered?' })).toBeVisible();
  await page.getByRole('button', { name: /^Yes/ }).click();
  await expect(page.getByRole('dialog', { name: 'Updated!' })).toContainText('The request status has been updated to Delivered.');
  await expect(row.getByRole('button', { name: 'Delivered', exact: true })).toBeDisabled();
  // The status cell, and the action cell beside the conversation's 'Messages'.
  await expect(row.getByRole('cell', { name: 'Delivered', exact: true })).toHaveCount(1);
  await expect(row.getByRole('cell', { name: 'Messages Delivered', exact: true })).toHaveCount(1);

  await page.goto(`/manage-food/${world.quietFoodId}`);
  await expect(page.getByText('No requests found for this food item.')).toBeVisible();
});

test('unknown routes: the 404 page and its GO TO HOMEPAGE link', async ({ page }) => {
  await page.goto('/definitely/not/here');
  await expect(page.getByRole('heading', { level: 1, name: '404 - PAGE NOT FOUND' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'GO TO HOMEPAGE' })).toHaveAttribute('href', '/');
});
