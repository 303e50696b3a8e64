// Pickup coordination with two browsers at once, donor and requester:
// a request makes the donor's bell count rise and the row appear without reload,
// they exchange messages live, and the requester sees 'Delivered' arrive live.
// Then the new pages are checked with axe at 375 and 1280 px and by keyboard.
import { mkdirSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { isoInDays, listFood, newPerson, pageFor } from './support/world.js';

const SHOTS = process.env.PICKUP_SHOTS_DIR;
if (SHOTS) mkdirSync(SHOTS, { recursive: true });
const shot = async (page: Page, name: string) => {
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: true });
};

test('donor and requester coordinate a pickup live', async ({ browser }) => {
  const donorP = await newPerson('Dora Donor');
  const requesterP = await newPerson('Rafa Requester');
  const foodName = `Plum Jam ${Date.now().toString(36)}`;
  const foodId = await listFood(donorP.api, {
    FoodName: foodName,
    FoodImage: 'https://images.example.org/jam.jpg',
    FoodQuantity: 2,
    PickupLocation: '3 Oak Lane',
    ExpiredDateTime: isoInDays(4),
    AdditionalNotes: 'Homemade.',
  });

  const donor = await pageFor(browser, donorP);
  const requester = await pageFor(browser, requesterP);
  await donor.goto(`/manage-food/${foodId}`);
  await expect(donor.getByText('No requests found for this food item.')).toBeVisible();
  await expect(donor.getByRole('link', { name: 'Notifications, 0 unread' })).toBeVisible();

  // The requester asks through the dialog of the detail page.
  await requester.goto(`/food/${foodId}`);
  await requester.getByRole('button', { name: 'Request', exact: true }).click();
  await requester.getByRole('dialog').getByRole('button', { name: 'Request', exact: true }).click();
  await expect(requester.getByText('Request Accepted!')).toBeVisible();

  // The donor's page changes without a reload.
  await expect(donor.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  const row = donor.getByRole('row').filter({ hasText: 'Rafa Requester' });
  await expect(row).toBeVisible();
  await shot(donor, '1-donor-manage-food-live-row');

  // Both open the conversation from their tables.
  await row.getByRole('link', { name: 'Messages' }).click();
  await expect(donor).toHaveURL(/\/requests\/[0-9a-f-]{36}$/);
  await requester.goto('/my-food-request');
  await requester.getByRole('row').filter({ hasText: 'Dora Donor' }).getByRole('link', { name: 'Messages' }).click();
  await expect(requester.getByRole('heading', { name: 'Messages' })).toBeVisible();

  await requester.getByLabel('Message').fill('Hi! Could I pick it up at 6pm today?');
  await requester.getByRole('button', { name: 'Send', exact: true }).click();
  const log = donor.getByRole('log', { name: 'Conversation' });
  await expect(log.getByText('Hi! Could I pick it up at 6pm today?')).toBeVisible();
  await expect(log.getByText('Rafa Requester')).toBeVisible();
  await expect(requester.getByLabel('Message')).toHaveValue('');

  await donor.getByLabel('Message').fill('Sure, ring the bell at number 3.');
  await donor.getByLabel('Message').press('Tab');
  await donor.keyboard.press('Enter');
  await expect(requester.getByRole('log', { name: 'Conversation' }).getByText('Sure, ring the bell at number 3.')).toBeVisible();
  await shot(requester, '2-requester-conversation');
  await shot(donor, '3-donor-conversation');

  // Delivered: the requester's My Food Request changes live.
  await requester.goto('/my-food-request');
  const mine = requester.getByRole('row').filter({ hasText: 'Dora Donor' });
  await expect(mine.getByText('Pending')).toBeVisible();
  await donor.goto(`/manage-food/${foodId}`);
  await donor.getByRole('button', { name: 'Mark as Delivered' }).click();
  await donor.getByRole('button', { name: 'Yes, mark it!' }).click();
  await expect(donor.getByText('Updated!')).toBeVisible();
  await expect(mine.getByText('Delivered')).toBeVisible();
  await expect(mine.getByRole('button', { name: 'Cancel Request' })).toBeDisabled();
  await shot(requester, '4-requester-delivered-live');

  // The requester's notifications: the donor's message and the delivery.
  const bell = requester.getByRole('link', { name: /^Notifications, [1-9]\d* unread$/ });
  await bell.click();
  await expect(requester.getByRole('link', { name: `${foodName} was delivered` })).toBeVisible();
  await expect(requester.getByRole('link', { name: 'New message from Dora Donor' })).toBeVisible();
  await shot(requester, '5-requester-notifications');
  await requester.getByRole('button', { name: 'Mark all as read' }).click();
  await expect(requester.getByRole('link', { name: 'Notifications, 0 unread' })).toBeVisible();
  await expect(requester.getByRole('button', { name: /^Mark as read/ })).toHaveCount(0);

  await donor.goto('/notifications');
  await donor.getByRole('button', { name: `Mark as read: New request for ${foodName}` }).click();
  await expect(donor.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();
  await donor.getByRole('link', { name: 'New message from Rafa Requester' }).click();
  await expect(donor).toHaveURL(/\/requests\//);
  await expect(donor.getByRole('link', { name: 'Notifications, 0 unread' })).toBeVisible();
});

test('the email settings are three switches, saved at once and usable by keyboard', async ({ browser }) => {
  const person = await newPerson('Sana Settings');
  const page = await pageFor(browser, person);
  await page.goto('/settings/notifications');
  const email = (kind: string) => page.getByRole('group', { name: kind }).getByRole('switch', { name: 'Email' });
  const messages = email('Messages');
  await expect(email('New requests')).toBeChecked();
  await expect(email('Request updates')).toBeChecked();
  await expect(messages).toBeChecked();
  await messages.focus();
  await page.keyboard.press('Space');
  await expect(page.getByText('Email settings saved')).toBeVisible();
  await page.reload();
  await expect(email('Messages')).not.toBeChecked();
  await expect(email('New requests')).toBeChecked();
  // The Push switch beside it is saved on its own.
  const push = page.getByRole('group', { name: 'Request updates' }).getByRole('switch', { name: 'Push' });
  await expect(push).toBeChecked();
  await push.click();
  await expect(page.getByText('Push settings saved')).toBeVisible();
  await page.reload();
  await expect(page.getByRole('group', { name: 'Request updates' }).getByRole('switch', { name: 'Push' })).not.toBeChecked();
  await expect(email('Request updates')).toBeChecked();
  await expect(email('Messages')).not.toBeChecked();
  await shot(page, '6-email-settings');
});

for (const width of [375, 1280]) {
  test(`the new pages are axe-clean at ${width} px`, async ({ browser }) => {
    const donorP = await newPerson('Dora Donor');
    const requesterP = await newPerson('Rafa Requester');
    const foodId = await listFood(donorP.api, { FoodName: 'Axe Apples', FoodImage: 'https://images.example.org/a.jpg', FoodQuantity: 2 });
    const made = await requesterP.api.post('/api/requests', { data: { FoodId: foodId } });
    const requestId = ((await made.json()) as { insertedId: string }).insertedId;
    await requesterP.api.post(`/api/requests/${requestId}/messages`, { data: { Body: 'Hello, is 6pm fine?' } });
    const page = await pageFor(browser, donorP, width);
    for (const path of ['/notifications', `/requests/${requestId}`, '/settings/notifications', `/manage-food/${foodId}`]) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('link', { name: /^Notifications, \d+ unread$/ })).toBeVisible();
      await expectNoAxeViolations(page);
    }
    if (width === 375) await shot(page, '7-manage-food-375');
  });
}
