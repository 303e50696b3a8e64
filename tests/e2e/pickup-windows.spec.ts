// Pickup windows, recurring offers and calendars in the browser: a bakery lists a
// recurring offer with three 10-minute slots, a requester picks the 18:40 slot by keyboard
// only, the donor accepts it, and both download the pickup's .ics; the new parts are
// axe-clean at 375 and 1280 px.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { tabTo } from './support/keyboard.js';
import { baseURL, isoInDays, listFood, newPerson, pageFor } from './support/world.js';

/** The .ics a download link gives, as text. */
async function downloadIcs(page: Page, link: ReturnType<Page['getByRole']>): Promise<string> {
  const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
  return readFileSync((await download.path())!, 'utf8');
}

test('a bakery offer: the requester picks the 18:40 slot, the donor accepts, both add it to their calendar', async ({ browser }) => {
  const donorP = await newPerson('Sonne Bakery');
  const requesterP = await newPerson('Rafa Requester');
  const name = `Bread from Bäckerei Sonne ${Date.now().toString(36)}`;
  const day = isoInDays(1);
  const donor = await pageFor(browser, donorP);

  // The donor makes the offer on Add Food: three slots tomorrow, Mon–Sat.
  await donor.goto('/add-food');
  await donor.getByLabel('Food Name').fill(name);
  await donor.getByLabel('Food Image URL').fill(`${baseURL()}/images/demo/blueberry-muffins.svg`);
  await donor.getByLabel('Food Quantity').fill('6');
  await donor.getByLabel('Expired Date').fill(day);
  await donor.getByLabel('Pickup Location').fill('1 Market Square');
  await donor.getByLabel('Additional Notes').fill("Today's bread.");
  await donor.getByLabel('Category', { exact: true }).selectOption('Bakery');
  for (const [i, from, to] of [[1, '18:30', '18:40'], [2, '18:40', '18:50'], [3, '18:50', '19:00']] as const) {
    await donor.getByRole('button', { name: 'Add a pickup window' }).click();
    await donor.getByLabel(`Day of window ${i}`).fill(day);
    await donor.getByLabel('From').nth(i - 1).fill(from);
    await donor.getByLabel('Until').nth(i - 1).fill(to);
    await donor.getByLabel('Pickups at most (optional)').nth(i - 1).fill('2');
  }
  for (const d of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']) await donor.getByLabel(d, { exact: true }).check();
  await donor.getByRole('button', { name: 'Add Donation' }).click();
  await expect(donor.getByText('Food Added!')).toBeVisible();
  const offers = (await (await donorP.api.get('/api/recurring-offers')).json()) as { Weekdays: number[]; Status: string; FoodId: string }[];
  expect(offers).toHaveLength(1);
  expect(offers[0]).toMatchObject({ Weekdays: [1, 2, 3, 4, 5, 6], Status: 'Active' });
  const foodId = offers[0]!.FoodId;

  // The card and the detail page say when.
  const requester = await pageFor(browser, requesterP);
  await requester.goto(`/available-foods?search=${encodeURIComponent(name)}`);
  await expect(requester.getByText('Pick up tomorrow 18:30–18:40')).toBeVisible();
  await requester.goto(`/food/${foodId}`);
  await expect(requester.getByText('tomorrow 18:40–18:50')).toBeVisible();

  // Keyboard only: open the dialog, choose the 18:40 slot, send the request.
  await tabTo(requester, requester.getByRole('button', { name: 'Request', exact: true }));
  await requester.keyboard.press('Enter');
  const dialog = requester.getByRole('dialog');
  await tabTo(requester, dialog.getByRole('radio', { name: 'Suggest a time in the conversation' }));
  await requester.keyboard.press('ArrowDown');
  await requester.keyboard.press('ArrowDown');
  await expect(dialog.getByRole('radio', { name: /tomorrow 18:40–18:50/ })).toBeChecked();
  await tabTo(requester, dialog.getByRole('button', { name: 'Request', exact: true }));
  await requester.keyboard.press('Enter');
  await expect(requester.getByText('Request Accepted!')).toBeVisible();

  // The donor accepts: the requester's slot is preselected.
  await donor.goto(`/manage-food/${foodId}`);
  const row = donor.getByRole('row').filter({ hasText: 'Rafa Requester' });
  await expect(row.getByText(/Asks for/)).toBeVisible();
  await row.getByRole('button', { name: 'Accept' }).click();
  await expect(donor.getByRole('dialog').getByRole('radio', { name: /tomorrow 18:40–18:50/ })).toBeChecked();
  await donor.getByRole('button', { name: 'Accept request' }).click();
  await expect(row.getByText('Accepted')).toBeVisible();

  const start = new Date(`${day}T18:40:00`).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
  const donorIcs = await downloadIcs(donor, row.getByRole('link', { name: 'Add to calendar (.ics)' }));
  expect(donorIcs).toContain('BEGIN:VEVENT');
  expect(donorIcs).toContain(`DTSTART:${start}`);
  expect(donorIcs).toContain('SUMMARY:Hand over');
  await requester.goto('/my-food-request');
  const mine = requester.getByRole('row').filter({ hasText: 'Sonne Bakery' });
  const requesterIcs = await downloadIcs(requester, mine.getByRole('link', { name: 'Add to calendar (.ics)' }));
  expect(requesterIcs).toContain(`DTSTART:${start}`);
  expect(requesterIcs).toContain('SUMMARY:Pick up');
  const uid = /UID:(\S+)/.exec(donorIcs)?.[1];
  expect(uid).toBeTruthy();
  expect(requesterIcs).toContain(`UID:${uid}`);

  // The profile's calendar link.
  await requester.goto('/profile');
  await requester.getByRole('button', { name: 'Show my calendar link' }).click();
  await expect(requester.getByLabel('Your calendar link')).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
});

for (const width of [375, 1280]) {
  test(`the pickup-time parts are axe-clean at ${width} px`, async ({ browser }) => {
    const donorP = await newPerson('Dora Donor');
    const requesterP = await newPerson('Rafa Requester');
    const t = Date.now() + 26 * 3_600_000;
    const foodId = await listFood(donorP.api, {
      FoodName: `Axe Rolls ${Date.now().toString(36)}`,
      PickupWindows: [{ Start: new Date(t).toISOString(), End: new Date(t + 3_600_000).toISOString(), Capacity: 3 }],
      Recurrence: { Weekdays: [1, 3, 5] },
    });
    const donor = await pageFor(browser, donorP, width);
    await donor.goto('/add-food');
    await donor.getByRole('button', { name: 'Add a pickup window' }).click();
    await expectNoAxeViolations(donor);
    const requester = await pageFor(browser, requesterP, width);
    await requester.goto('/available-foods?pickup=by&by-time=20:00');
    await expect(requester.getByLabel('Picked up by')).toHaveValue('20:00');
    await expectNoAxeViolations(requester);
    await requester.goto(`/food/${foodId}`);
    await requester.getByRole('button', { name: 'Request', exact: true }).click();
    await expect(requester.getByRole('dialog').getByRole('radio')).toHaveCount(2);
    await expectNoAxeViolations(requester);
    await requester.goto('/profile');
    await requester.getByRole('button', { name: 'Show my calendar link' }).click();
    await expect(requester.getByLabel('Your calendar link')).toBeVisible();
    await expectNoAxeViolations(requester);
  });
}
