// The profile page (SPEC.md §3 User): reached from the navbar avatar, it
// changes the name and photo set at registration; the navbar avatar and new
// listings show the new ones, and a bad photo URL is refused with the server's message.
import { expect, test } from '@playwright/test';
import { APP_URL } from '../support/e2e-env.js';
import { addFood, newUser, register } from './support/world.js';

test('a user changes name and photo; the navbar and a new listing show them', async ({ page }) => {
  const pia = newUser('Pia Profile', 'pia');
  await register(page, pia);

  await page.getByRole('link', { name: 'Profile' }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page).toHaveTitle('Plateful | Profile');
  await expect(page.getByLabel('Name')).toHaveValue(pia.name);
  await expect(page.getByLabel('Photo URL')).toHaveValue(pia.photo);

  // The server's rule: an http(s) photo address (src/server/auth/profile.ts).
  await page.getByLabel('Photo URL').fill('ftp://example.org/me.png');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Photo URL must be an http:// or https:// URL.')).toBeVisible();
  await expect(page.getByRole('img', { name: pia.name })).toBeVisible();

  const photo = `${APP_URL}/images/demo/donor-carla.svg`;
  await page.getByLabel('Name').fill('Pia Renamed');
  await page.getByLabel('Photo URL').fill(photo);
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expect(page.getByText('Profile Updated')).toBeVisible();
  await expect(page.getByRole('img', { name: 'Pia Renamed' })).toHaveAttribute('src', photo);

  // Still so after a reload, and on a new listing (Donator, SPEC.md §3 Food).
  await page.reload();
  await expect(page.getByLabel('Name')).toHaveValue('Pia Renamed');
  const foodName = `Profile Pie ${Date.now()}`;
  await addFood(page, foodName);
  await expect(page.getByText('Food Added!')).toBeVisible();
  await page.goto('/available-foods');
  await page.getByRole('searchbox').fill(foodName);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('link', { name: 'View Details' }).first().click();
  await expect(page.getByRole('heading', { name: foodName })).toBeVisible();
  await expect(page.getByText('Pia Renamed', { exact: true })).toBeVisible();
});
