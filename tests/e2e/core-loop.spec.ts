// The core loop of SPEC.md in Chromium against the built app: a donor registers and
// adds a food, a neighbour finds it by search and requests it with a donation, sees
// it in My Food Request with the spec's formats, the donor marks it delivered after
// the confirmation, and the neighbour can no longer cancel it.
import { expect, test, type Page } from '@playwright/test';
import { APP_URL } from '../support/e2e-env.js';
import { isoInDays, newUser, register } from './support/world.js';

const run = Date.now().toString(36);
const donor = newUser('Dana Donor', 'dana', 'donor-amina.svg');
const neighbour = newUser('Nico Neighbour', 'nico');
const foodName = `Lemon Cake ${run}`;
const expiry = isoInDays(5);
const expiryShown = new Date(`${expiry}T00:00:00`).toLocaleDateString('en-GB', { day: '2-digit', month: 'long', year: 'numeric' }).replace(/^(\d\d) (\w+) (\d{4})$/, '$1 $2, $3');

async function logout(page: Page) {
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page.getByText('LogOut Successful')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' }).first()).toBeVisible();
}

async function login(page: Page, who: typeof donor) {
  await page.goto('/login');
  await expect(page).toHaveTitle('Plateful | Login');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
}

test('donor lists, neighbour requests, donor delivers', async ({ page }) => {
  await register(page, donor);

  await page.getByRole('link', { name: 'Add Food' }).first().click();
  await page.getByLabel('Food Name').fill(foodName);
  await page.getByLabel('Food Image URL').fill(`${APP_URL}/images/demo/blueberry-muffins.svg`);
  await page.getByLabel('Food Quantity').fill('4');
  await page.getByLabel('Expired Date').fill(expiry);
  await page.getByLabel('Pickup Location').fill('7 Baker Street');
  await page.getByLabel('Additional Notes').fill('Contains eggs and wheat.');
  await page.getByLabel('Category', { exact: true }).selectOption('Bakery');
  await page.getByRole('button', { name: 'Add Donation' }).click();
  await expect(page.getByText('Food Added!')).toBeVisible();
  await expect(page.getByText('The Food has been added successfully.')).toBeVisible();
  await logout(page);

  await register(page, neighbour);
  await page.goto('/available-foods');
  await page.getByLabel(/search/i).first().fill(foodName.toLowerCase());
  await page.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(page.getByText(foodName)).toBeVisible();
  await expect(page.getByRole('link', { name: 'View Details' })).toHaveCount(1);
  await page.getByRole('link', { name: 'View Details' }).click();
  await expect(page).toHaveURL(/\/food\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: foodName })).toBeVisible();
  await expect(page.getByText('7 Baker Street')).toBeVisible();

  await page.getByRole('button', { name: 'Request', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Additional Notes').fill('I can pick up after 6pm.');
  await dialog.getByLabel('Donation Money').fill('$7');
  await dialog.getByRole('button', { name: 'Request', exact: true }).click();
  await expect(page.getByText('Request Accepted!')).toBeVisible();

  await page.goto('/my-food-request');
  const row = page.getByRole('row', { name: new RegExp(donor.name) });
  await expect(row).toBeVisible();
  await expect(row.getByRole('cell', { name: '7 Baker Street' })).toBeVisible();
  await expect(row.getByRole('cell', { name: expiryShown, exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: /^\d{2} [A-Z][a-z]+, \d{4}, \d{1,2}:\d{2}:\d{2} (am|pm)$/ })).toBeVisible();
  await expect(row.getByRole('cell', { name: '$7', exact: true })).toBeVisible();
  await expect(row.getByRole('cell', { name: 'Pending', exact: true })).toBeVisible();
  await expect(row.getByRole('button', { name: 'Cancel Request' })).toBeEnabled();
  await logout(page);

  await login(page, donor);
  await page.goto('/manage-my-foods');
  const foodRow = page.getByRole('row', { name: new RegExp(foodName) });
  await foodRow.getByRole('link', { name: 'Manage' }).click();
  await expect(page).toHaveURL(/\/manage-food\/[0-9a-f-]{36}$/);
  const requestRow = page.getByRole('row', { name: new RegExp(neighbour.email) });
  await expect(requestRow.getByRole('cell', { name: 'Pending', exact: true })).toBeVisible();
  await requestRow.getByRole('button', { name: 'Mark as Delivered' }).click();
  await expect(page.getByText('You want to mark this request as delivered?')).toBeVisible();
  await page.getByRole('button', { name: /^Yes/ }).click();
  await expect(page.getByText('The request status has been updated to Delivered.')).toBeVisible();
  await expect(requestRow.getByRole('button', { name: 'Delivered' })).toBeDisabled();
  await logout(page);

  await login(page, neighbour);
  await page.goto('/my-food-request');
  const delivered = page.getByRole('row', { name: new RegExp(donor.name) });
  await expect(delivered.getByRole('cell', { name: 'Delivered', exact: true })).toBeVisible();
  await expect(delivered.getByRole('button', { name: 'Cancel Request' })).toBeDisabled();
});
