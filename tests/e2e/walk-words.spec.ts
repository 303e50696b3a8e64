// A newcomer's first walk, in words: a blocked donor's listing says so and can be unblocked;
// an ended session is announced; pickup times carry no seconds; the request dialog shows no
// raw id, and opens even when 'Request' is pressed before the session is read; Add Food names
// the pin in plain words and, after 'Add Donation', forgets the last upload and place and
// links to the new listing. Axe-clean at 375 and 1280 px.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolationsAtBothWidths } from './support/axe.js';
import { isoInDays, listFood, newPerson, signInAs, type Person } from './support/world.js';

const run = Date.now().toString(36);
const FOOD = `Quince Jam ${run}`;
let donor: Person;
let requester: Person;
let foodId: string;

test.beforeAll(async () => {
  const d = await newPerson('Yara Words');
  foodId = await listFood(d.api, { FoodName: FOOD });
  const r = await newPerson('Zeno Words');
  const made = await r.api.post('/api/requests', { data: { FoodId: foodId, AdditionalNotes: '' } });
  expect(made.ok(), await made.text()).toBe(true);
  const requestId = ((await made.json()) as { insertedId: string }).insertedId;
  const pickup = new Date();
  pickup.setDate(pickup.getDate() + 1);
  pickup.setHours(18, 30, 0, 0);
  const accepted = await d.api.patch(`/api/requests/${requestId}`, { data: { Status: 'Accepted', PickupAt: pickup.toISOString() } });
  expect(accepted.ok(), await accepted.text()).toBe(true);
  for (const p of [d, r]) await p.api.dispose();
  [donor, requester] = [d, r];
});

test('after blocking its donor, the food page says so and offers Unblock', async ({ page }) => {
  const me = await newPerson('Blake Blocker');
  await me.api.dispose();
  await signInAs(page, me);
  await page.goto(`/food/${foodId}`);
  await page.getByRole('button', { name: 'Block Yara Words' }).click();
  await page.getByRole('button', { name: 'Yes, block' }).click();
  await expect(page.getByText('You blocked Yara Words, so their listings are hidden from you.')).toBeVisible();
  await expect(page.getByText(/removed by its donor/)).toHaveCount(0);
  await expectNoAxeViolationsAtBothWidths(page);
  await page.getByRole('button', { name: 'Unblock Yara Words' }).click();
  await expect(page.getByRole('heading', { level: 1, name: FOOD })).toBeVisible();
});

test('a session ended elsewhere signs the tab out with a word', async ({ page }) => {
  const me = await newPerson('Sid Signed');
  await signInAs(page, me);
  await page.goto('/available-foods');
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await page.waitForTimeout(1000); // the live stream is open
  const out = await me.api.post('/api/auth/sign-out', { headers: { origin: new URL(page.url()).origin } });
  expect(out.ok(), await out.text()).toBe(true);
  await me.api.dispose();
  await expect(page.getByText('You were signed out. Please log in again.')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();
});

test('pickup times show no seconds', async ({ page }) => {
  await signInAs(page, requester);
  await page.goto('/my-food-request');
  const pickup = page.getByText(/^Pickup \d/);
  await expect(pickup).toHaveText(/^Pickup \d{2} \w+, \d{4}, 6:30 pm$/);
});

test('the request dialog shows no raw food id', async ({ page }) => {
  const me = await newPerson('Ida Dialog');
  await me.api.dispose();
  await signInAs(page, me);
  await page.goto(`/food/${foodId}`);
  await page.getByRole('button', { name: 'Request', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByLabel('Additional Notes')).toBeVisible();
  await expect(dialog.getByText('Food Id')).toHaveCount(0);
  await expect(dialog).not.toContainText(foodId);
});

test("'Request' pressed before the session is read opens the dialog, not the login page", async ({ page }) => {
  const me = await newPerson('Ira Early');
  await me.api.dispose();
  await signInAs(page, me);
  // The session answer is held until 'Request' has been pressed.
  let release!: () => void;
  const pressed = new Promise<void>((resolve) => (release = resolve));
  await page.route('**/api/auth/get-session*', async (route) => {
    await pressed;
    await route.continue();
  });
  await page.goto(`/food/${foodId}`);
  await page.getByRole('button', { name: 'Request', exact: true }).click();
  release();
  await expect(page.getByRole('dialog').getByLabel('Additional Notes')).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/food/${foodId}`);
});

test("Add Food names the pin plainly, then forgets the last upload and place and links to the new listing", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await signInAs(page, donor);
  await page.goto('/add-food');
  const name = `Rhubarb ${run}`;
  await page.getByLabel('Food Name').fill(name);
  const jpeg = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#3a3' } }).jpeg().toBuffer();
  await page.getByLabel('Upload photos').setInputFiles([{ name: 'green.jpg', mimeType: 'image/jpeg', buffer: jpeg }]);
  await expect(page.getByText('Uploaded.')).toBeVisible();
  await page.getByLabel('Food Quantity').fill('2');
  await page.getByLabel('Expired Date').fill(isoInDays(4));
  await page.getByLabel('Pickup Location', { exact: true }).fill('Market square');
  await page.getByLabel('Additional Notes').fill('Ring twice.');
  await page.getByLabel('Category', { exact: true }).selectOption('Other');
  await page.getByLabel('Place name').fill('Berlin');
  await page.getByRole('button', { name: 'Find place' }).click();
  await page.getByRole('button', { name: 'Berlin, Germany' }).click();
  await expect(page.getByText('Pin set. Drag the pin to adjust.', { exact: false })).toBeVisible();
  await expect(page.getByText(/\d+\.\d{3,}, \d+\.\d{3,}/)).toHaveCount(0);
  await expectNoAxeViolationsAtBothWidths(page);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.getByRole('button', { name: 'Add Donation' }).click();
  await expect(page.getByText('Food Added!')).toBeVisible();
  await expect(page.getByText('Uploaded.')).toHaveCount(0);
  await expect(page.getByText('Using Berlin, Germany.')).toHaveCount(0);
  await expect(page.getByText('Pin set', { exact: false })).toHaveCount(0);
  await page.getByRole('link', { name: 'View your listing' }).click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
});
