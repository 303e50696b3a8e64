// A newcomer's first walk through Available Foods: a search on a phone shows its answer, and
// the Near panel says each thing once, tells places of one name apart, forgets a cleared place
// and explains an empty radius. Axe-clean at 375 and 1280 px.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsAtBothWidths } from './support/axe.js';
import { listFood, newPerson } from './support/world.js';

const run = Date.now().toString(36);
const FOOD = `Walnut Bread ${run}`;
/** Berlin-Mitte: where the neighbour stands for 'Use my location'. */
const MITTE = { latitude: 52.52, longitude: 13.405 };

test.beforeAll(async () => {
  const donor = await newPerson('Wanda Walk');
  await listFood(donor.api, { FoodName: FOOD });
  await donor.api.dispose();
});

test('after searching at 375 px the first result is in view, and the count is said beside the box', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/available-foods');
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeAttached();
  await page.getByRole('searchbox').fill(FOOD);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('heading', { level: 2, name: FOOD })).toBeInViewport();
  await expect(page.getByRole('search').getByText('1 food found')).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('search-375.png') });
});

test.describe('the Near panel', () => {
  test.use({ geolocation: MITTE, permissions: ['geolocation'] });

  test('places of one name get labels that differ', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto('/available-foods');
    await page.getByLabel('Place name').fill('Berlin');
    await page.getByRole('button', { name: 'Find place' }).click();
    const places = page.getByRole('list', { name: 'Places found' }).getByRole('button');
    await expect(places.first()).toBeVisible();
    const labels = await places.allTextContents();
    expect(labels.length).toBeGreaterThan(2);
    expect(new Set(labels).size).toBe(labels.length);
    expect(labels).toContain('Berlin, Germany');
    expect(labels).toContain('Berlin, New Hampshire, United States');
  });

  test("'Clear place' leaves no word of the cleared place", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/available-foods');
    await page.getByLabel('Place name').fill('Berlin');
    await page.getByRole('button', { name: 'Find place' }).click();
    await page.getByRole('button', { name: 'Berlin, Germany' }).click();
    const panel = page.getByRole('region', { name: 'Near' });
    await expect(panel.getByText('Near Berlin, Germany')).toBeVisible();
    await panel.getByRole('button', { name: 'Clear place' }).click();
    await expect(panel.getByRole('button', { name: 'Clear place' })).toHaveCount(0);
    await expect(panel.getByText(/Berlin/)).toHaveCount(0);
    await expect(page.getByLabel('Place name')).toHaveValue('');
  });

  test("'Use my location' names the place once, not in the place box", async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/available-foods');
    await page.getByRole('button', { name: 'Use my location' }).click();
    const panel = page.getByRole('region', { name: 'Near' });
    await expect(panel.getByText(/Near your location, near/)).toBeVisible();
    await expect(page).toHaveURL(/near=/);
    await expect(page.getByLabel('Place name')).toHaveValue('');
    await expect(page.getByText(/your location/)).toHaveCount(1);
    // Reloaded from the URL: still once, still not in the box.
    await page.reload();
    await expect(panel.getByText(/Near your location, near/)).toBeVisible();
    await expect(page.getByLabel('Place name')).toHaveValue('');
    await expect(page.getByText(/your location/)).toHaveCount(1);
  });

  test('an empty radius says how to widen it and that listings without a point are left out', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    // Mid-Atlantic: no listing within 1 km.
    await page.goto('/available-foods?near=30.00000,-40.00000&place=Nowhere&radius=1');
    await expect(page.getByText('No foods found.')).toBeVisible();
    await expect(page.getByText(/Only listings with a pickup point on the map within 1 km are shown/)).toBeVisible();
    await expect(page.getByText(/Choose a wider distance/)).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page);
  });
});

test('Available Foods after a search is axe-clean at both widths', async ({ page }) => {
  await page.goto(`/available-foods?search=${encodeURIComponent(FOOD)}`);
  await expect(page.getByRole('heading', { level: 2, name: FOOD })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
});
