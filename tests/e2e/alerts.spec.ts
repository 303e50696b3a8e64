// Alerts (saved searches): a newcomer searches Available Foods for "bread" within 2 km of a
// place, vegan, and saves that search with the keyboard; a donor lists a vegan loaf there; the
// newcomer's bell shows it and the notification links to the loaf. The Account page lists the
// alert, pauses it and deletes it. Keyboard-only for the saving, axe-clean at 375 and 1280 px.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsAtBothWidths } from './support/axe.js';
import { listFood, newPerson, signInAs } from './support/world.js';

const run = Date.now().toString(36);
const loaf = `Vegan sourdough bread ${run}`;
// A place of its own, far from the demo listings and other specs' points.
const AT = { Lat: 46.2044, Lng: 6.1432 };
const bell = (page: Page) => page.getByRole('link', { name: /^Notifications, \d+ unread$/ });

test('a newcomer saves "bread within 2 km, vegan" and the bell shows the vegan loaf a donor lists', async ({ page }) => {
  test.setTimeout(120_000);
  const newcomer = await newPerson('Nova Newcomer');
  const donor = await newPerson('Dario Donor');
  await signInAs(page, newcomer);
  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto(`/available-foods?search=bread&near=${AT.Lat},${AT.Lng}&place=Geneva&radius=2`);
  await page.getByRole('region', { name: 'Filter foods' }).getByRole('checkbox', { name: 'Vegan' }).check();
  await expect(page).toHaveURL(/diet=Vegan/);

  // Saved with the keyboard only.
  const save = page.getByRole('button', { name: 'Save this search' });
  await save.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('“bread”, Vegan, within 2 km')).toBeVisible();
  await expectNoAxeViolations(page);
  await page.getByRole('checkbox', { name: 'Also as a push notification' }).focus();
  await page.keyboard.press('Space');
  await expect(page.getByRole('checkbox', { name: 'Also as a push notification' })).not.toBeChecked();
  await page.getByRole('button', { name: 'Save alert' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Alert saved. We will tell you when a new listing matches.')).toBeVisible();
  // Nothing of the page is wider than a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');

  // A loaf that is not vegan tells nobody; the vegan one does.
  await listFood(donor.api, { FoodName: `Butter bread ${run}`, Category: 'Bakery', Location: AT });
  const foodId = await listFood(donor.api, { FoodName: loaf, Category: 'Bakery', Diet: ['Vegan'], Location: AT });
  await donor.api.dispose();
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 20_000 });
  await bell(page).click();
  const notice = page.getByRole('link', { name: new RegExp(`New for your alert: ${loaf}`) });
  await expect(notice).toBeVisible();
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/food/${foodId}$`));
  await expect(page.getByRole('heading', { level: 1, name: loaf })).toBeVisible();

  // The Account page lists it; pause, then delete.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/account');
  const alerts = page.getByRole('region', { name: 'Alerts' });
  await expect(alerts.getByText('“bread”, Vegan, within 2 km')).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  await alerts.getByRole('button', { name: /^Pause alert/ }).click();
  await expect(alerts.getByText('Paused')).toBeVisible();
  await alerts.getByRole('button', { name: /^Delete alert/ }).click();
  await expect(alerts.getByText('You have no alerts.')).toBeVisible();
  await newcomer.api.dispose();
});
