// A newcomer's first walk to a food's page: broken avatars fall back to the person's initial,
// Report and Block are targets a thumb can hit (WCAG 2.5.8), the tab names the food, and the
// map's area sits in the middle of the map on a phone. Axe-clean at 375 and 1280 px.
import { expect, test, type Page } from '@playwright/test';
import { APP_URL } from '../support/e2e-env.js';
import { expectNoAxeViolationsAtBothWidths } from './support/axe.js';
import { listFood, newPerson, signInAs, type Person } from './support/world.js';

const run = Date.now().toString(36);
const FOOD = `Plum Tart ${run}`;
/** An image address on this origin that answers 404. */
const BROKEN = `${APP_URL}/images/demo/no-such-photo-${run}.svg`;
let viewer: Person;
let donor: Person;
let foodId: string;

test.beforeAll(async () => {
  const d = await newPerson('Wim Broken');
  // The donor's photo breaks after sign-up, as a deleted photo on another site does.
  const res = await d.api.post('/api/auth/update-user', { data: { image: BROKEN }, headers: { origin: APP_URL } });
  expect(res.ok(), await res.text()).toBe(true);
  foodId = await listFood(d.api, { FoodName: FOOD, Location: { Lat: 52.52, Lng: 13.405 } });
  await d.api.dispose();
  donor = d;
  const v = await newPerson('Xena Broken');
  const res2 = await v.api.post('/api/auth/update-user', { data: { image: BROKEN }, headers: { origin: APP_URL } });
  expect(res2.ok(), await res2.text()).toBe(true);
  await v.api.dispose();
  viewer = v;
});

async function openFood(page: Page, width: number): Promise<void> {
  await page.setViewportSize({ width, height: 900 });
  await signInAs(page, viewer);
  await page.goto(`/food/${foodId}`);
  await expect(page.getByRole('heading', { level: 1, name: FOOD })).toBeVisible();
}

test('broken avatars show the initial, not their alternative text', async ({ page }) => {
  await openFood(page, 1280);
  // Navbar: the viewer's own avatar.
  const profile = page.getByRole('link', { name: 'Profile' });
  await expect(profile.getByRole('img', { name: 'Xena Broken' })).toHaveText('X');
  await expect(profile.locator('img')).toHaveCount(0);
  // The donor's photo on the food page.
  const donor = page.getByRole('region', { name: 'Donator' });
  await expect(donor.getByRole('img', { name: 'Wim Broken' })).toHaveText('W');
  await expect(donor.locator('img')).toHaveCount(0);
  await expectNoAxeViolationsAtBothWidths(page);
});

test('Report and Block are at least 24 × 24 px on a phone', async ({ page }) => {
  await openFood(page, 375);
  for (const name of [`Report ${FOOD}`, 'Block Wim Broken']) {
    const box = (await page.getByRole('button', { name }).boundingBox())!;
    // WCAG 2.5.8's floor is 24 px; a small button (32 px) rather than an 11 px link.
    expect(box.height, name).toBeGreaterThanOrEqual(32);
    expect(box.width, name).toBeGreaterThanOrEqual(32);
  }
  await expect(page.getByRole('button', { name: 'Block Wim Broken' })).toHaveCSS('font-size', /^(1[4-9]|2\d)(\.\d+)?px$/);
});

test("the food page's title names the food", async ({ page }) => {
  await openFood(page, 1280);
  await expect(page).toHaveTitle(`Plateful | ${FOOD}`);
});

/** How far the centre of `marker` lies from the centre of the page's map, in px. */
async function offCentre(page: Page, marker: string): Promise<number> {
  const m = (await page.locator('.leaflet-container').boundingBox())!;
  const a = (await page.locator(marker).boundingBox())!;
  return Math.max(Math.abs(a.x + a.width / 2 - (m.x + m.width / 2)), Math.abs(a.y + a.height / 2 - (m.y + m.height / 2)));
}

test("the map's point stays centred as the page is opened at 375 and 1280 px and narrowed again", async ({ page }) => {
  // The donor sees the exact pin; everyone else the area around it.
  for (const [who, marker] of [[donor, '.leaflet-marker-icon'], [viewer, 'path.leaflet-interactive']] as const) {
    await page.context().clearCookies();
    await signInAs(page, who);
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`/food/${foodId}`);
      await expect(page.locator(marker)).toBeVisible();
      await page.waitForTimeout(1000);
      expect(await offCentre(page, marker), `${who.name} at ${width} px`).toBeLessThanOrEqual(2);
    }
    await page.setViewportSize({ width: 375, height: 900 });
    await page.waitForTimeout(1000);
    expect(await offCentre(page, marker), `${who.name} narrowed to 375 px`).toBeLessThanOrEqual(2);
  }
});
