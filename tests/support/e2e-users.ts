/**
 * Browser-test helpers for the account specs: a fresh user per run, registered
 * through /register (SPEC.md §2, §4 "Registration") as a person would.
 */
import { expect, type Page } from '@playwright/test';
import { APP_URL } from './e2e-env.js';

export interface NewUser {
  name: string;
  email: string;
  password: string;
  photo: string;
}

const run = Date.now().toString(36);

/** A user no test has registered yet, named `name`; the email carries `tag` and the run id. */
export function newUser(name: string, tag: string): NewUser {
  return { name, email: `${tag}.${run}@example.org`, password: `${tag}-pass-1`, photo: `${APP_URL}/images/demo/donor-ben.svg` };
}

/** Registers `who` on `page` and waits until the navbar shows their avatar. */
export async function register(page: Page, who: NewUser): Promise<void> {
  await page.goto('/register');
  await page.getByLabel('Name').fill(who.name);
  await page.getByLabel('Photo URL').fill(who.photo);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Register Successful')).toBeVisible();
  await expect(page.getByRole('img', { name: who.name })).toBeVisible();
}

/** Today plus `days`, as the `yyyy-mm-dd` value of a date input. */
export function isoInDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Fills /add-food (SPEC.md §2) for `foodName` and submits it; waits for 'Food Added!'. */
export async function addFood(page: Page, foodName: string): Promise<void> {
  await page.goto('/add-food');
  await page.getByLabel('Food Name').fill(foodName);
  await page.getByLabel('Food Image URL').fill(`${APP_URL}/images/demo/blueberry-muffins.svg`);
  await page.getByLabel('Food Quantity').fill('2');
  await page.getByLabel('Expired Date').fill(isoInDays(3));
  await page.getByLabel('Pickup Location').fill('1 Elm Street');
  await page.getByLabel('Additional Notes').fill('Freshly baked.');
  await page.getByRole('button', { name: 'Add Donation' }).click();
}
