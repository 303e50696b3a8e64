// The viewer's own request wherever the listing appears: after 'Request Accepted!' the detail
// page says she is waiting for the donor, and once the donor accepts it shows her status and
// pickup time, with Messages and Cancel Request, never the 'Request' button again.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolationsAtBothWidths } from './support/axe.js';
import { listFood, newPerson, pageFor } from './support/world.js';

test("the accepted requester's detail page shows her status and pickup time and no Request button", async ({ browser }) => {
  test.setTimeout(120_000);
  const donor = await newPerson('Dina Donor');
  const asker = await newPerson('Aria Asker');
  const foodName = `Pumpkin Soup ${Date.now().toString(36)}`;
  const foodId = await listFood(donor.api, { FoodName: foodName });

  const page = await pageFor(browser, asker);
  await page.goto(`/food/${foodId}`);
  await page.getByRole('button', { name: 'Request', exact: true }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Additional Notes').fill('Could I pick it up tomorrow evening?');
  await dialog.getByRole('button', { name: 'Request', exact: true }).click();
  await expect(page.getByText('Request Accepted!')).toBeVisible();
  const mine = page.getByRole('region', { name: /Your request/ });
  await expect(mine.getByText('You asked for this – waiting for the donor')).toBeVisible();
  await expect(mine.getByText('Pending', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Request', exact: true })).toHaveCount(0);

  // The donor accepts with a pickup time.
  const [request] = (await (await donor.api.get(`/api/requests/${foodId}`)).json()) as { _id: string }[];
  const accepted = await donor.api.patch(`/api/requests/${request!._id}`, { data: { Status: 'Accepted', PickupAt: '2030-06-01T16:30:00.000Z' } });
  expect(accepted.ok(), await accepted.text()).toBe(true);

  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: foodName })).toBeVisible();
  await expect(mine.getByText('Accepted', { exact: true })).toBeVisible();
  await expect(mine.getByText('The donor accepted your request.')).toBeVisible();
  await expect(mine.getByText(/^Pickup:.*June, 2030/)).toBeVisible();
  await expect(mine.getByRole('link', { name: 'Messages' })).toHaveAttribute('href', `/requests/${request!._id}`);
  await expect(mine.getByRole('button', { name: 'Cancel Request' })).toBeEnabled();
  await expect(page.getByRole('button', { name: 'Request', exact: true })).toHaveCount(0);
  await expect(page.getByText('you can still join the queue')).toHaveCount(0);
  await expectNoAxeViolationsAtBothWidths(page);

  // Her card in Available Foods says so too.
  await page.goto(`/available-foods?search=${encodeURIComponent(foodName)}`);
  await expect(page.getByRole('article', { name: foodName }).getByText('Your request: Accepted')).toBeVisible();
  await donor.api.dispose();
  await asker.api.dispose();
});
