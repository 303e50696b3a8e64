// Finding food by what it is: a donor lists a vegan loaf in 'Bread & bakery' with its allergens
// through Add Food; a neighbour filters Available Foods by that category, Vegan and without tree
// nuts and finds it (and not a nutty one), sees its category badge, diet and allergens in words on
// the detail page; the filters fit one phone screen; axe-clean at 375 and 1280 px.
import { expect, test } from '@playwright/test';
import { APP_URL } from '../support/e2e-env.js';
import { expectNoAxeViolations, expectNoAxeViolationsAtBothWidths } from './support/axe.js';
import { isoInDays, listFood, newPerson, signInAs, type Person } from './support/world.js';

const run = Date.now().toString(36);
const loaf = `Vegan Loaf ${run}`;
const nutty = `Walnut Loaf ${run}`;
let donor: Person;

test.beforeAll(async () => {
  const d = await newPerson('Bea Baker');
  await listFood(d.api, { FoodName: nutty, Category: 'Bakery', Diet: ['Vegan'], Allergens: { Contains: ['Gluten', 'Nuts'] } });
  await d.api.dispose();
  donor = d;
});

test('a vegan loaf listed in Bread & bakery is found by category, Vegan and without tree nuts', async ({ page }) => {
  await signInAs(page, donor);
  await page.goto('/add-food');
  await page.getByLabel('Food Name').fill(loaf);
  await page.getByLabel('Food Image URL').fill(`${APP_URL}/images/demo/blueberry-muffins.svg`);
  await page.getByLabel('Food Quantity').fill('2');
  await page.getByLabel('Expired Date').fill(isoInDays(3));
  await page.getByLabel('Pickup Location').fill('1 Rye Road');
  await page.getByLabel('Additional Notes').fill('Baked this morning.');
  await page.getByLabel('Category', { exact: true }).selectOption({ label: 'Bread & bakery' });
  await page.getByRole('checkbox', { name: 'Vegan' }).check();
  await page.getByRole('checkbox', { name: 'Vegetarian' }).check();
  const allergens = page.getByRole('group', { name: 'Allergens' });
  await allergens.getByRole('radio', { name: 'I list them' }).check();
  await allergens.getByLabel('Gluten (cereals)').selectOption({ label: 'Contains' });
  await allergens.getByLabel('Sesame').selectOption({ label: 'May contain' });
  await expectNoAxeViolationsAtBothWidths(page);
  await page.getByRole('button', { name: 'Add Donation' }).click();
  await expect(page.getByText('Food Added!')).toBeVisible();

  await page.setViewportSize({ width: 375, height: 667 });
  await page.goto('/available-foods');
  const filters = page.getByRole('region', { name: 'Filter foods' });
  await filters.getByLabel('Category').selectOption({ label: 'Bread & bakery' });
  await filters.getByRole('checkbox', { name: 'Vegan' }).check();
  await filters.getByText('Without allergens').click();
  await filters.getByRole('checkbox', { name: 'Tree nuts' }).check();
  await expect(page).toHaveURL(/category=Bakery/);
  await expect(page).toHaveURL(/diet=Vegan/);
  await expect(page).toHaveURL(/without=Nuts/);
  // The filters, opened, fit one phone screen.
  expect((await filters.boundingBox())!.height).toBeLessThanOrEqual(667);
  const card = page.getByRole('article', { name: loaf });
  await expect(card).toBeVisible();
  await expect(card.getByText('Bread & bakery')).toBeVisible();
  await expect(page.getByRole('article', { name: nutty })).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.setViewportSize({ width: 1280, height: 900 });
  await expectNoAxeViolations(page);

  // A reload keeps the filters (they live in the URL).
  await page.reload();
  await expect(page.getByRole('article', { name: loaf })).toBeVisible();
  await card.getByRole('link', { name: 'View Details' }).click();
  await expect(page.getByRole('heading', { level: 1, name: loaf })).toBeVisible();
  await expect(page.getByText('Bread & bakery')).toBeVisible();
  await expect(page.getByText('Vegetarian and Vegan')).toBeVisible();
  await expect(page.getByText('Contains Gluten (cereals). May contain Sesame.')).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
});
