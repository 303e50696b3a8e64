// The three tables on a phone and Manage Food's row actions. Below 640 px each row of My Food
// Request, Manage Food and Manage My Foods is a card of labelled lines whose actions sit on the
// screen (no sideways scrolling, neither of the page nor of the table's box). On Manage Food the
// requester's note shows, Accept is the loud button of a pending row, a declined row has no
// 'Mark as Delivered', and 'Given to' of the part hand-over starts at the accepted requester.
import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoAxeViolationsAtBothWidths } from './support/axe.js';
import { listFood, newPerson, pageFor, type Person } from './support/world.js';

let donor: Person;
let ann: Person;
let bob: Person;
let foodId: string;
const NOTE = 'Could I pick it up tomorrow evening?';

test.beforeAll(async () => {
  const d = await newPerson('Dana Donor');
  const people = await Promise.all([newPerson('Ann Pending'), newPerson('Bob Accepted'), newPerson('Cid Declined')]);
  foodId = await listFood(d.api, { FoodName: `Bean Stew ${Date.now().toString(36)}`, FoodQuantity: 4 });
  for (const [p, notes] of [[people[0]!, NOTE], [people[1]!, ''], [people[2]!, '']] as const) {
    const res = await p.api.post('/api/requests', { data: { FoodId: foodId, AdditionalNotes: notes } });
    expect(res.ok(), await res.text()).toBe(true);
  }
  const rows = (await (await d.api.get(`/api/requests/${foodId}`)).json()) as { _id: string; Requester: { Email: string } }[];
  const idOf = (p: Person) => rows.find((r) => r.Requester.Email === p.email)!._id;
  for (const [p, data] of [[people[1]!, { Status: 'Accepted' }], [people[2]!, { Status: 'Declined' }]] as const) {
    const res = await d.api.patch(`/api/requests/${idOf(p)}`, { data });
    expect(res.ok(), await res.text()).toBe(true);
  }
  for (const p of [d, ...people]) await p.api.dispose();
  [donor, ann, bob] = [d, people[0]!, people[1]!];
});

/** Fails unless every button and link of `rows` lies inside the 375 px screen, and nothing scrolls sideways. */
async function expectActionsOnScreen(page: Page, region: Locator) {
  await expect(region).toBeVisible();
  const actions = region.getByRole('row').filter({ has: page.getByRole('cell') }).locator('button, a');
  expect(await actions.count()).toBeGreaterThan(0);
  for (const action of await actions.all()) {
    const box = (await action.boundingBox())!;
    expect(box.x, `${await action.textContent()} starts left of the screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${await action.textContent()} ends right of the screen`).toBeLessThanOrEqual(375);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)).toBeLessThanOrEqual(0);
  expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
}

test('at 375 px every row action of the three tables is inside the viewport without horizontal scrolling', async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await pageFor(browser, donor, 375);
  await page.goto(`/manage-food/${foodId}`);
  const requests = page.getByRole('region', { name: 'Requests for this food' });
  await expectActionsOnScreen(page, requests);
  // Each card shows its status on the screen too.
  const status = requests.getByRole('row').filter({ hasText: ann.email }).getByText('Pending', { exact: true });
  await status.scrollIntoViewIfNeeded();
  await expect(status).toBeInViewport({ ratio: 1 });
  await expectNoAxeViolationsAtBothWidths(page);
  await page.setViewportSize({ width: 375, height: 900 });
  await page.goto('/manage-my-foods');
  await expectActionsOnScreen(page, page.getByRole('region', { name: 'Your foods' }));
  await expectNoAxeViolationsAtBothWidths(page);

  const asker = await pageFor(browser, ann, 375);
  await asker.goto('/my-food-request');
  await expectActionsOnScreen(asker, asker.getByRole('region', { name: 'Your food requests' }));
  await expectNoAxeViolationsAtBothWidths(asker);
});

test("Manage Food shows the requester's note; Accept leads a pending row; defaults follow the accepted request", async ({ browser }) => {
  test.setTimeout(120_000);
  const page = await pageFor(browser, donor);
  await page.goto(`/manage-food/${foodId}`);
  const rowOf = (p: Person | string) => page.getByRole('row').filter({ hasText: typeof p === 'string' ? p : p.email });
  await expect(rowOf(ann).getByText(NOTE)).toBeVisible();

  // Pending: Accept is filled (the primary action), 'Mark as Delivered' an outline.
  const fill = (l: Locator) => l.evaluate((el) => getComputedStyle(el).backgroundColor);
  const accept = rowOf(ann).getByRole('button', { name: 'Accept', exact: true });
  const deliver = rowOf(ann).getByRole('button', { name: 'Mark as Delivered' });
  expect(await fill(accept)).not.toBe('rgba(0, 0, 0, 0)');
  expect(await fill(deliver)).toBe('rgba(0, 0, 0, 0)');
  // Declined: no 'Mark as Delivered' at all.
  await expect(rowOf('Cid Declined').getByRole('button', { name: /Mark as Delivered|Delivered/ })).toHaveCount(0);
  // The action cells' buttons line up with their rows: each sits inside its own row's box.
  for (const p of [ann, bob]) {
    const row = (await rowOf(p).boundingBox())!;
    const button = (await rowOf(p).getByRole('button').last().boundingBox())!;
    expect(button.y).toBeGreaterThanOrEqual(row.y);
    expect(button.y + button.height).toBeLessThanOrEqual(row.y + row.height + 0.5);
  }

  // 'Given to' starts at the accepted requester.
  const given = page.getByLabel('Given to');
  await expect(given.locator('option:checked')).toHaveText(`${bob.name} (${bob.email})`);
  await expectNoAxeViolationsAtBothWidths(page);
});
