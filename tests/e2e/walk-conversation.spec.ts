// A newcomer's first walk through a conversation: the 'delivered' notification leads to the
// conversation where feedback is given; the page names the food and the other person and
// leads back; Positive feedback offers no complaints. Axe-clean at 375 and 1280 px.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsAtBothWidths } from './support/axe.js';
import { listFood, newPerson, signInAs, type Person } from './support/world.js';

const run = Date.now().toString(36);
const FOOD = `Cherry Pie ${run}`;
let donor: Person;
let requester: Person;
let foodId: string;
let requestId: string;

test.beforeAll(async () => {
  const d = await newPerson('Dina Talk');
  foodId = await listFood(d.api, { FoodName: FOOD });
  const r = await newPerson('Rolf Talk');
  const made = await r.api.post('/api/requests', { data: { FoodId: foodId, AdditionalNotes: '' } });
  expect(made.ok(), await made.text()).toBe(true);
  requestId = ((await made.json()) as { insertedId: string }).insertedId;
  // Feedback is for a hand-over the requester took part in: she wrote in its conversation.
  const wrote = await r.api.post(`/api/requests/${requestId}/messages`, { data: { Body: 'I can come at 6 pm.' } });
  expect(wrote.ok(), await wrote.text()).toBe(true);
  const delivered = await d.api.patch(`/api/requests/${requestId}`, { data: { Status: 'Delivered' } });
  expect(delivered.ok(), await delivered.text()).toBe(true);
  for (const p of [d, r]) await p.api.dispose();
  [donor, requester] = [d, r];
});

test("the 'delivered' notification opens the conversation, which names the food and the donor and leads back", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 900 });
  await signInAs(page, requester);
  await page.goto('/notifications');
  await page.getByRole('link', { name: `${FOOD} was delivered` }).click();
  await expect(page).toHaveURL(new RegExp(`/requests/${requestId}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Messages about ${FOOD}` })).toBeVisible();
  await expect(page.getByText('With Dina Talk, the donor')).toBeVisible();
  await expect(page).toHaveTitle(`Plateful | Messages about ${FOOD}`);
  await expect(page.getByRole('heading', { name: 'How did the hand-over go?' })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.getByRole('link', { name: '← Back to My Food Request' }).click();
  await expect(page).toHaveURL(/\/my-food-request$/);
});

test('the donor is led back to the requests of the food', async ({ page }) => {
  await signInAs(page, donor);
  await page.goto(`/requests/${requestId}`);
  await expect(page.getByRole('heading', { level: 1, name: `Messages about ${FOOD}` })).toBeVisible();
  await expect(page.getByText('With Rolf Talk, who requested it')).toBeVisible();
  await page.getByRole('link', { name: `← Back to the requests for ${FOOD}` }).click();
  await expect(page).toHaveURL(new RegExp(`/manage-food/${foodId}$`));
});

test('Positive feedback offers no complaints; Negative offers the reasons and a comment for the moderators', async ({ page }) => {
  await signInAs(page, requester);
  await page.goto(`/requests/${requestId}`);
  const feedback = page.getByRole('region', { name: 'How did the hand-over go?' });
  await expect(feedback.getByRole('radio', { name: 'Positive' })).toBeChecked();
  await expect(feedback.getByRole('combobox')).toHaveCount(0);
  await expect(feedback.getByRole('option', { name: 'Rude' })).toHaveCount(0);
  await expect(feedback.getByLabel('Comment (optional, private)')).toBeVisible();
  await expect(feedback.getByText('Comment for the moderators')).toHaveCount(0);
  await feedback.getByRole('radio', { name: 'Negative' }).check();
  await expect(feedback.getByLabel('What went wrong? (optional)')).toBeVisible();
  await expect(feedback.getByLabel('Comment for the moderators (optional, private)')).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  await feedback.getByRole('radio', { name: 'Positive' }).check();
  await feedback.getByRole('button', { name: 'Send feedback' }).click();
  await expect(page.getByText('Thank you for your feedback on this hand-over.')).toBeVisible();
});
