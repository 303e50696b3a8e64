// "Some left" in the browser: on Manage Food the donor hands part of a
// listing to one requester with the form below the table; that request is Delivered,
// the other stays open, and a fresh visitor still finds the listing with the new
// quantity. The spec's 'Mark as Delivered' flow is untouched (fidelity.spec.ts,
// lifecycle.spec.ts). The form is checked with axe at 1280 and 375 px.
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { isoInDays, listFood, newPerson, pageFor } from './support/world.js';

test('a donor hands over part of a listing; it stays available with what is left', async ({ browser }) => {
  const donorP = await newPerson('Orla Oranges');
  const [ann, ben] = await Promise.all([newPerson('Ann Partial'), newPerson('Ben Waiting')]);
  const foodName = `Oranges ${Date.now().toString(36)}`;
  const foodId = await listFood(donorP.api, {
    FoodName: foodName,
    FoodImage: 'https://images.example.org/oranges.jpg',
    FoodQuantity: 50,
    PickupLocation: '8 Grove Lane',
    ExpiredDateTime: isoInDays(3),
    AdditionalNotes: 'A crate of oranges.',
  });
  for (const p of [ann, ben]) {
    const res = await p.api.post('/api/requests', { data: { FoodId: foodId, AdditionalNotes: '' } });
    expect(res.ok(), await res.text()).toBe(true);
  }

  const donor = await pageFor(browser, donorP);
  await donor.goto(`/manage-food/${foodId}`);
  const rowOf = (email: string) => donor.getByRole('row').filter({ hasText: email });
  await expect(rowOf(ann.email).getByRole('cell', { name: 'Pending', exact: true })).toBeVisible();

  const part = donor.getByRole('region', { name: 'Hand over part of the food' });
  await expect(part).toContainText('It holds 50 now.');
  await part.getByLabel('Given to').selectOption({ label: `Ann Partial (${ann.email})` });
  const left = part.getByLabel('Quantity left');
  await expect(left).toHaveValue('49');
  // More than there is is refused by the form itself.
  await left.fill('50');
  await part.getByRole('button', { name: 'Hand over part' }).click();
  expect(await left.evaluate((el: HTMLInputElement) => el.validity.valid)).toBe(false);
  await left.fill('30');
  await expectNoAxeViolations(donor);
  await part.getByRole('button', { name: 'Hand over part' }).click();
  await expect(donor.getByRole('dialog', { name: 'Updated!' })).toContainText('Handed over; the listing stays open with 30 left.');

  // Ann's request is done ('Delivered', its spec button disabled); Ben's stays open.
  await expect(rowOf(ann.email).getByRole('cell', { name: 'Delivered', exact: true })).toBeVisible();
  await expect(rowOf(ann.email).getByRole('button', { name: 'Delivered', exact: true })).toBeDisabled();
  await expect(rowOf(ben.email).getByRole('cell', { name: 'Pending', exact: true })).toBeVisible();
  await expect(rowOf(ben.email).getByRole('button', { name: 'Mark as Delivered' })).toBeEnabled();
  // The form now offers Ben only, from the new quantity.
  await expect(part).toContainText('It holds 30 now.');
  await expect(part.getByLabel('Given to').getByRole('option')).toHaveText([`Ben Waiting (${ben.email})`]);
  await expect(part.getByLabel('Quantity left')).toHaveValue('29');
  await expect(donor.getByRole('dialog', { name: 'Updated!' })).toBeHidden();
  await expectNoAxeViolations(donor);
  await donor.setViewportSize({ width: 375, height: 800 });
  await expectNoAxeViolations(donor);

  // A fresh visitor still finds the listing, with what is left.
  const visitor = await pageFor(browser);
  await visitor.goto(`/available-foods?search=${encodeURIComponent(foodName)}`);
  await expect(visitor.getByRole('heading', { name: foodName })).toBeVisible();
  await visitor.goto(`/food/${foodId}`);
  await expect(visitor.getByRole('heading', { name: foodName })).toBeVisible();
  await expect(visitor.getByRole('definition').filter({ hasText: /^30$/ })).toBeVisible();
  await expect(visitor.getByRole('button', { name: 'Request', exact: true })).toBeVisible();

  // Ann sees her request as delivered.
  const annPage = await pageFor(browser, ann);
  await annPage.goto('/my-food-request');
  await expect(annPage.getByRole('row').filter({ hasText: foodName }).getByText('Delivered', { exact: true })).toBeVisible();

  for (const p of [donorP, ann, ben]) await p.api.dispose();
});
