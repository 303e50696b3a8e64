// Pickup windows, recurring offers and calendars in the browser: a bakery lists a
// recurring offer with three 10-minute slots (its weekdays ticked by keyboard), a requester
// picks the 18:40 slot by keyboard only, the donor accepts it by keyboard, and both download
// the pickup's .ics by keyboard; the offer's days and end change on the update form by
// keyboard; every one of these parts is axe-clean at 375 and 1280 px.
import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { activate, tabTo } from './support/keyboard.js';
import { baseURL, isoInDays, listFood, newPerson, pageFor } from './support/world.js';

/** The .ics a download link gives when reached by Tab and opened with Enter, as text. */
async function downloadIcs(page: Page, link: ReturnType<Page['getByRole']>): Promise<string> {
  await tabTo(page, link);
  const [download] = await Promise.all([page.waitForEvent('download'), page.keyboard.press('Enter')]);
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
    await activate(donor, donor.getByRole('button', { name: 'Add a pickup window' }));
    await donor.getByLabel(`Day of window ${i}`).fill(day);
    await donor.getByLabel('From').nth(i - 1).fill(from);
    await donor.getByLabel('Until').nth(i - 1).fill(to);
    await donor.getByLabel('Pickups at most (optional)').nth(i - 1).fill('2');
  }
  // The weekdays by keyboard: Tab to each box, Space ticks it.
  for (const d of ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']) await activate(donor, donor.getByLabel(d, { exact: true }), 'Space');
  await expect(donor.getByLabel('Sun', { exact: true })).not.toBeChecked();
  await activate(donor, donor.getByRole('button', { name: 'Add Donation' }));
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

  // The donor accepts by keyboard: the requester's slot is preselected.
  await donor.goto(`/manage-food/${foodId}`);
  const row = donor.getByRole('row').filter({ hasText: 'Rafa Requester' });
  await expect(row.getByText(/Asks for/)).toBeVisible();
  await activate(donor, row.getByRole('button', { name: 'Accept' }));
  await expect(donor.getByRole('dialog').getByRole('radio', { name: /tomorrow 18:40–18:50/ })).toBeChecked();
  await activate(donor, donor.getByRole('button', { name: 'Accept request' }));
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
  await activate(requester, requester.getByRole('button', { name: 'Show my calendar link' }));
  await expect(requester.getByLabel('Your calendar link')).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
});

test("the offer's days and last day change on the update form, by keyboard; a past last day is refused", async ({ browser }) => {
  const donorP = await newPerson('Sonne Bakery');
  const t = Date.now() + 26 * 3_600_000;
  const foodId = await listFood(donorP.api, {
    FoodName: `Rolls from Bäckerei Sonne ${Date.now().toString(36)}`,
    PickupWindows: [{ Start: new Date(t).toISOString(), End: new Date(t + 3_600_000).toISOString() }],
    Recurrence: { Weekdays: [1, 3, 5] },
  });
  const offer = async () => ((await (await donorP.api.get('/api/recurring-offers')).json()) as { Weekdays: number[]; Until?: string }[])[0]!;
  const donor = await pageFor(browser, donorP);
  await donor.goto(`/update-food/${foodId}`);
  const days = donor.getByRole('group', { name: 'Days of this regular offer' });
  await expect(days.getByLabel('Wed', { exact: true })).toBeChecked();
  // Monday off, Saturday on: Tab to each box, Space toggles it.
  await activate(donor, days.getByLabel('Mon', { exact: true }), 'Space');
  await activate(donor, days.getByLabel('Sat', { exact: true }), 'Space');
  await days.getByLabel('Last day (optional)').fill(isoInDays(-1));
  await activate(donor, days.getByRole('button', { name: 'Save the days' }));
  await expect(days.getByRole('status')).toContainText('The days could not be saved');
  expect(await offer()).toMatchObject({ Weekdays: [1, 3, 5] });
  await days.getByLabel('Last day (optional)').fill(isoInDays(14));
  await activate(donor, days.getByRole('button', { name: 'Save the days' }));
  await expect(days.getByRole('status')).toHaveText('Days saved.');
  expect(await offer()).toMatchObject({ Weekdays: [3, 5, 6], Until: isoInDays(14) });
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

    // The donor's accept dialog with the windows, and both sides' .ics links once accepted.
    const asked = await requesterP.api.post('/api/requests', { data: { FoodId: foodId, AdditionalNotes: '', PickupAt: new Date(t + 600_000).toISOString() } });
    expect(asked.ok(), await asked.text()).toBe(true);
    await donor.goto(`/manage-food/${foodId}`);
    const row = donor.getByRole('row').filter({ hasText: 'Rafa Requester' });
    await row.getByRole('button', { name: 'Accept' }).click();
    await expect(donor.getByRole('dialog').getByRole('radio').first()).toBeVisible();
    await expectNoAxeViolations(donor);
    await donor.getByRole('button', { name: 'Accept request' }).click();
    await expect(row.getByRole('link', { name: 'Add to calendar (.ics)' })).toBeVisible();
    await expectNoAxeViolations(donor);
    await requester.goto('/my-food-request');
    await expect(requester.getByRole('link', { name: 'Add to calendar (.ics)' })).toBeVisible();
    await expectNoAxeViolations(requester);
    // The offer's days editor on the update form.
    await donor.goto(`/update-food/${foodId}`);
    await expect(donor.getByRole('group', { name: 'Days of this regular offer' })).toBeVisible();
    await expectNoAxeViolations(donor);
  });
}
