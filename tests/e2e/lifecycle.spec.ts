// The listing lifecycle  in the browser: three neighbours request one food,
// the donor accepts one with a pickup time (declining another with a reason), marks it
// delivered; the listing leaves Available Foods, its detail page says it was collected,
// the others see 'Declined', and the impact figures (home band, profile) count it.
// The new controls' states are checked with axe at 375 and 1280 px.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { isoInDays, listFood, newPerson, pageFor, type Person } from './support/world.js';

/** Waits until the page's data is shown: its h1 is visible and no spinner is left. */
async function settled(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
}

test('a donor accepts, declines and delivers; everyone sees the outcome', async ({ browser }) => {
  // Five people's pages, axe at two widths: about 45 s on a quiet machine.
  test.setTimeout(120_000);
  const donorP = await newPerson('Dora Donor');
  const people = await Promise.all([newPerson('Ada Asker'), newPerson('Bea Asker'), newPerson('Cal Asker')]);
  const [ada, bea, cal] = people as [Person, Person, Person];
  const foodName = `Lentil Soup ${Date.now().toString(36)}`;
  const foodId = await listFood(donorP.api, {
    FoodName: foodName,
    FoodImage: 'https://images.example.org/soup.jpg',
    FoodQuantity: 4,
    FoodWeightKg: 2,
    PickupLocation: '5 Birch Road',
    ExpiredDateTime: isoInDays(3),
    AdditionalNotes: 'Four portions.',
  });
  for (const p of people) {
    const res = await p.api.post('/api/requests', { data: { FoodId: foodId, AdditionalNotes: '' } });
    expect(res.ok(), await res.text()).toBe(true);
  }

  const donor = await pageFor(browser, donorP);
  await donor.goto(`/manage-food/${foodId}`);
  const rowOf = (p: Person) => donor.getByRole('row').filter({ hasText: p.email });
  for (const p of people) await expect(rowOf(p).getByRole('cell', { name: 'Pending', exact: true })).toBeVisible();

  // Accept Ada with a pickup time and a note.
  await rowOf(ada).getByRole('button', { name: 'Accept', exact: true }).click();
  const accept = donor.getByRole('dialog', { name: "Accept Ada Asker's request" });
  await expect(accept).toBeVisible();
  await expect(accept.getByLabel('Pickup time (optional)')).toBeFocused();
  await accept.getByLabel('Pickup time (optional)').fill('2030-06-01T18:30');
  await accept.getByLabel('Note (optional)').fill('Ring the bell twice.');
  await expectNoAxeViolations(donor);
  await accept.getByRole('button', { name: 'Accept request' }).click();
  await expect(donor.getByRole('dialog', { name: 'Updated!' })).toBeVisible();
  await expect(rowOf(ada).getByText('Accepted', { exact: true })).toBeVisible();
  await expect(rowOf(ada).getByText(/^Pickup .*2030/)).toBeVisible();
  await expect(rowOf(ada).getByRole('button', { name: 'No-show' })).toBeVisible();
  await expect(rowOf(ada).getByRole('button', { name: 'Accept', exact: true })).toHaveCount(0);

  // Decline Bea with a reason, by keyboard.
  await rowOf(bea).getByRole('button', { name: 'Decline', exact: true }).focus();
  await donor.keyboard.press('Enter');
  const decline = donor.getByRole('dialog', { name: "Decline Bea Asker's request" });
  await expect(decline.getByLabel('Reason (optional)')).toBeFocused();
  await donor.keyboard.type('Promised to a neighbour first.');
  await expectNoAxeViolations(donor);
  await decline.getByRole('button', { name: 'Decline request' }).click();
  await expect(rowOf(bea).getByText('Declined', { exact: true })).toBeVisible();
  await expect(donor.getByRole('dialog', { name: 'Updated!' })).toBeHidden();

  // The table's states (Pending, Accepted with No-show, Declined) at both widths.
  await expectNoAxeViolations(donor);
  await donor.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(donor);
  await rowOf(cal).getByRole('button', { name: 'Accept', exact: true }).click();
  await expect(donor.getByRole('dialog', { name: "Accept Cal Asker's request" })).toBeVisible();
  await expectNoAxeViolations(donor);
  await donor.keyboard.press('Escape');
  await expect(donor.getByRole('dialog', { name: "Accept Cal Asker's request" })).toBeHidden();
  await expect(rowOf(cal).getByText('Pending', { exact: true })).toBeVisible();
  await donor.setViewportSize({ width: 1280, height: 900 });

  // Ada sees her pickup time and the donor's note.
  const adaPage = await pageFor(browser, ada, 375);
  await adaPage.goto('/my-food-request');
  const adaRow = adaPage.getByRole('row').filter({ hasText: foodName });
  await expect(adaRow.getByText(/^Pickup .*2030/)).toBeVisible();
  await expect(adaRow.getByText('Ring the bell twice.')).toBeVisible();
  await expectNoAxeViolations(adaPage);

  // The donor marks Ada's request delivered (SPEC.md §4's texts).
  await rowOf(ada).getByRole('button', { name: 'Mark as Delivered' }).click();
  await expect(donor.getByRole('dialog', { name: 'You want to mark this request as delivered?' })).toBeVisible();
  await donor.getByRole('button', { name: 'Yes, mark it!' }).click();
  await expect(donor.getByRole('dialog', { name: 'Updated!' })).toContainText('The request status has been updated to Delivered.');
  await expect(rowOf(ada).getByRole('cell', { name: 'Delivered', exact: true })).toBeVisible();
  await expect(rowOf(cal).getByText('Declined', { exact: true })).toBeVisible();

  // A fresh visitor no longer finds it, and its page says it was collected.
  const visitor = await pageFor(browser);
  await visitor.goto(`/available-foods?search=${encodeURIComponent(foodName)}`);
  await expect(visitor.getByText('No foods found.')).toBeVisible();
  await visitor.goto(`/food/${foodId}`);
  await expect(visitor.getByRole('heading', { name: 'This food has been collected' })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Request', exact: true })).toHaveCount(0);

  // The others see 'Declined', Bea with the donor's reason.
  for (const [p, reason] of [[bea, 'Promised to a neighbour first.'], [cal, null]] as const) {
    const page = await pageFor(browser, p);
    await page.goto('/my-food-request');
    const row = page.getByRole('row').filter({ hasText: foodName });
    await expect(row.getByText('Declined', { exact: true })).toBeVisible();
    if (reason) await expect(row.getByText(reason)).toBeVisible();
    await expect(row.getByRole('button', { name: 'Cancel Request' })).toBeDisabled();
  }

  // The community's public totals do not count this delivery: its requester's account is not a day old
  // (impact/repository.ts; tests/api/impact/impact.test.ts covers which deliveries count). Without a public share,
  // home shows no impact band.
  const totals = (await (await visitor.request.get('/api/impact')).json()) as { Shares: number; Kg: number; Meals: number; Co2eKg: number };
  expect(totals).toEqual({ Shares: 0, Kg: 0, Meals: 0, Co2eKg: 0 });
  await visitor.goto('/');
  await settled(visitor);
  await expect(visitor.getByRole('region', { name: 'Our Impact' })).toHaveCount(0);

  // The donor's profile shows their own figures: one share of 2 kg = 4 meals, 5 kg CO2e.
  await donor.goto('/profile');
  await settled(donor);
  const mine = donor.getByRole('region', { name: 'Your impact' });
  await expect(mine).toContainText('Completed shares1');
  await expect(mine).toContainText('Food saved2 kg');
  await expect(mine).toContainText('Meals4');
  await expect(mine).toContainText('CO2e avoided5 kg');
  // Each estimate names its source.
  await expect(mine).toContainText('0.325 kg per item (OLIO/WRAP)');
  await expect(mine).toContainText('kg ÷ 0.42 (WRAP)');
  await expect(mine).toContainText('kg × 2.5 (FAO 2013)');
  await expectNoAxeViolations(donor);
  await donor.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(donor);

  for (const p of [donorP, ...people]) await p.api.dispose();
});
