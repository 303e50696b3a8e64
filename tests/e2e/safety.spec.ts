// Trust and safety in the browser: a user reports a listing, a moderator signs in, sees it
// on /moderation and hides it; the donor is told; a fresh visitor no longer finds
// it; others get the 404 page at /moderation; blocking hides listings both ways and
// the Account page lists the blocked person with 'Unblock'. Axe-clean at 375 and 1280 px.
import { expect, request, test, type Browser, type Page } from '@playwright/test';
import { MODERATOR_EMAIL, SMTP_PORT } from '../support/e2e-env.js';
import { recipient, startInbox, waitForMail } from '../support/inbox.js';
import { expectNoAxeViolationsAtBothWidths } from './support/axe.js';
import { baseURL, listFood, newPerson, pageFor, signInAs } from './support/world.js';

const MODERATOR_PASSWORD = 'moderate-1234';

/**
 * Registers the ADMIN_EMAILS account once (through the API, as sign-up would) and opens the
 * mailed verification link, caught by an SMTP server on the app's SMTP_URL: an ADMIN_EMAILS
 * address makes a moderator only once it is verified.
 */
async function registerModerator(): Promise<void> {
  const inbox = await startInbox(SMTP_PORT);
  const api = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.250' } });
  try {
    const res = await api.post('/api/auth/sign-up/email', { data: { name: 'Mo Moderator', email: MODERATOR_EMAIL, password: MODERATOR_PASSWORD, image: `${baseURL()}/images/demo/donor-ben.svg` } });
    // A retry of this serial file runs beforeAll again: the first attempt registered and verified the moderator.
    if (!res.ok() && (await res.text()).includes('USER_ALREADY_EXISTS')) return;
    expect(res.ok(), await res.text()).toBe(true);
    const mail = await waitForMail(inbox, (m) => recipient(m) === MODERATOR_EMAIL, 30_000);
    const link = new URL(/https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text ?? '')![0]);
    expect((await api.get(`${link.pathname}${link.search}`, { maxRedirects: 0 })).status()).toBeLessThan(400);
  } finally {
    await api.dispose();
    await inbox.close();
  }
}

/** Searches the available foods for `name`; resolves with how many cards match. */
async function findOnList(page: Page, name: string) {
  await page.goto(`/available-foods?search=${encodeURIComponent(name)}`);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  return page.getByText(name, { exact: true });
}

test.describe.configure({ mode: 'serial' });

test.beforeAll(registerModerator);

test('a report reaches the moderator, who hides the listing; the donor is told; a fresh visitor no longer finds it', async ({ browser }) => {
  test.setTimeout(120_000);
  const donor = await newPerson('Dina Donor');
  const reporter = await newPerson('Remy Reporter');
  const name = `Dubious Dumplings ${Date.now().toString(36)}`;
  const foodId = await listFood(donor.api, { FoodName: name });

  // The reporter reports the listing from its detail page.
  const r = await pageFor(browser, reporter);
  await r.goto(`/food/${foodId}`);
  await expect(r.getByRole('heading', { name })).toBeVisible();
  await r.getByRole('button', { name: `Report ${name}` }).click();
  const dialog = r.getByRole('dialog', { name: `Report ${name}` });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Reason').selectOption('UnsafeFood');
  await dialog.getByLabel('Details (optional)').fill('Smelled off at pickup.');
  await expectNoAxeViolationsAtBothWidths(r);
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(r.getByText('Thank you. A moderator will look at it.')).toBeVisible();
  // Others see the 404 page at /moderation.
  await r.goto('/moderation');
  await expect(r.getByRole('heading', { name: '404 - PAGE NOT FOUND' })).toBeVisible();

  // The moderator signs in and finds it on /moderation.
  const m = await pageFor(browser);
  await m.goto('/login');
  await m.getByLabel('Email').fill(MODERATOR_EMAIL);
  await m.getByLabel('Password').fill(MODERATOR_PASSWORD);
  await m.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(m.getByText('Login Successful')).toBeVisible();
  await m.goto('/moderation');
  const card = m.getByRole('article', { name: `Listing: ${name}` });
  await expect(card).toBeVisible();
  await expect(card.getByText('1 report')).toBeVisible();
  await card.getByText('Content as reported and each report').click();
  await expect(card.getByText('“Smelled off at pickup.”')).toBeVisible();
  // The content as reported reads in words and shows its photo, not field keys and a URL.
  await expect(card.getByText('Food name', { exact: true })).toBeVisible();
  await expect(card.getByText('FoodName', { exact: true })).toHaveCount(0);
  await expect(card.getByRole('img', { name: `Photo as reported: ${name}` })).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(m);
  await card.getByLabel('Reason for the action').fill('Unsafe food reported');
  await card.getByRole('button', { name: 'Hide' }).click();
  // A confirmation says what hiding does before anything happens.
  const ask = m.getByRole('dialog', { name: `Hide Listing: ${name}?` });
  await expect(ask).toContainText('its owner is told');
  await ask.getByRole('button', { name: 'Yes, hide it' }).click();
  await expect(m.getByText('Hidden.')).toBeVisible();
  await expect(card).toHaveCount(0);
  await m.goto('/moderation/log');
  await expect(m.getByRole('cell', { name: 'Unsafe food reported' }).first()).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(m);

  // The donor sees the notice.
  const d = await pageFor(browser, donor);
  await d.goto('/notifications');
  await expect(d.getByText(`${name} was hidden by a moderator`)).toBeVisible();
  await expect(d.getByText('Reason: Unsafe food reported')).toBeVisible();
  await d.goto(`/food/${foodId}`);
  await expect(d.getByText('Hidden from other people.')).toBeVisible();
  await d.goto('/manage-my-foods');
  await expect(d.getByText('Hidden: Unsafe food reported')).toBeVisible();

  // A fresh visitor no longer finds it, in the list or by its link.
  const v = await pageFor(browser);
  await expect(await findOnList(v, name)).toHaveCount(0);
  await v.goto(`/food/${foodId}`);
  await expect(v.getByText('This food was not found.', { exact: false })).toBeVisible();
});

test('blocking hides listings both ways; the Account page lists the blocked person with Unblock', async ({ browser }) => {
  const ada = await newPerson('Ada Blocker');
  const bo = await newPerson('Bo Blocked');
  const adaFood = `Ada Artichokes ${Date.now().toString(36)}`;
  const boFood = `Bo Broccoli ${Date.now().toString(36)}`;
  await listFood(ada.api, { FoodName: adaFood });
  const boFoodId = await listFood(bo.api, { FoodName: boFood });

  const a = await pageFor(browser, ada);
  await a.goto(`/food/${boFoodId}`);
  await a.getByRole('button', { name: 'Block Bo Blocked' }).click();
  await a.getByRole('button', { name: 'Yes, block' }).click();
  await expect(a.getByText('Bo Blocked is blocked.')).toBeVisible();
  await expect(await findOnList(a, boFood)).toHaveCount(0);

  const b = await pageFor(browser, bo);
  await expect(await findOnList(b, adaFood)).toHaveCount(0);
  // Someone else still sees both.
  const c = await pageFor(browser);
  await expect(await findOnList(c, adaFood)).toHaveCount(1);
  await expect(await findOnList(c, boFood)).toHaveCount(1);

  await a.goto('/account');
  const blocked = a.getByRole('region', { name: 'Blocked people' });
  await expect(blocked.getByText('Bo Blocked')).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(a);
  await blocked.getByRole('button', { name: 'Unblock Bo Blocked' }).click();
  await expect(a.getByText('Bo Blocked is unblocked.')).toBeVisible();
  await expect(blocked.getByText('You have not blocked anyone.')).toBeVisible();
  await expect(await findOnList(a, boFood)).toHaveCount(1);
});

test("a donor sees a requester's standing on the Manage Food row and reports and blocks them from its name", async ({ browser }) => {
  const donor = await newPerson('Gail Giver');
  const requester = await newPerson('Rita Requester');
  const name = `Row Radishes ${Date.now().toString(36)}`;
  const foodId = await listFood(donor.api, { FoodName: name });
  const asked = await requester.api.post('/api/requests', { data: { FoodId: foodId } });
  expect(asked.ok(), await asked.text()).toBe(true);

  // The requester sees the donor's standing on their own row.
  const r = await pageFor(browser, requester);
  await r.goto('/my-food-request');
  const mine = r.getByRole('row', { name: new RegExp(name) });
  await expect(mine.getByRole('cell', { name: 'Gail Giver', exact: true })).toBeVisible();
  await expect(mine.getByText('0 shares')).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(r);

  const d = await pageFor(browser, donor);
  await d.goto(`/manage-food/${foodId}`);
  const row = d.getByRole('row', { name: /Rita Requester/ });
  // The name cell keeps its name; the standing and the disclosure sit under it.
  await expect(row.getByRole('cell', { name: 'Rita Requester', exact: true })).toHaveCount(2);
  await expect(row.getByText('0 shares')).toBeVisible();
  await expect(row.getByRole('button', { name: 'Report Rita Requester' })).toBeHidden();
  await row.getByText('More about Rita Requester').click();
  await expectNoAxeViolationsAtBothWidths(d);
  await row.getByRole('button', { name: 'Report Rita Requester' }).click();
  const dialog = d.getByRole('dialog', { name: 'Report Rita Requester' });
  await dialog.getByLabel('Reason').selectOption('Harassment');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(d.getByText('Thank you. A moderator will look at it.')).toBeVisible();

  await row.getByRole('button', { name: 'Block Rita Requester' }).click();
  await d.getByRole('button', { name: 'Yes, block' }).click();
  await expect(d.getByText('Rita Requester is blocked.')).toBeVisible();
  await d.goto('/account');
  await expect(d.getByRole('region', { name: 'Blocked people' }).getByText('Rita Requester')).toBeVisible();
});

/** A page signed in as the moderator (through the API: no sign-in form). */
async function moderatorPage(browser: Browser): Promise<Page> {
  const api = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { 'X-Forwarded-For': '198.51.100.251' } });
  const res = await api.post('/api/auth/sign-in/email', { data: { email: MODERATOR_EMAIL, password: MODERATOR_PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  const { cookies } = await api.storageState();
  await api.dispose();
  const page = await pageFor(browser);
  await signInAs(page, { name: 'Mo Moderator', email: MODERATOR_EMAIL, password: MODERATOR_PASSWORD, cookies });
  return page;
}

test('a moderator restores a hidden listing and unbans a person from the log, which names them', async ({ browser }) => {
  test.setTimeout(120_000);
  const donor = await newPerson('Lena Lister');
  const banned = await newPerson('Ben Banned');
  const name = `Restored Rolls ${Date.now().toString(36)}`;
  const foodId = await listFood(donor.api, { FoodName: name });
  const m = await moderatorPage(browser);
  for (const data of [
    { Action: 'Hide', TargetType: 'food', TargetId: foodId, Reason: 'Looked unsafe' },
    { Action: 'Ban', TargetType: 'user', TargetId: (await (await banned.api.get('/api/auth/get-session')).json()).user.id, Reason: 'Spam', Days: 7 },
  ]) {
    const res = await m.request.post('/api/moderation/actions', { data });
    expect(res.ok(), await res.text()).toBe(true);
  }

  // The way in: Moderation in the bar's links, for moderators only.
  await m.goto('/');
  await m.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Moderation' }).last().click();
  await m.getByRole('link', { name: 'Audit log' }).click();
  const log = m.getByRole('region', { name: 'Moderation log' });
  await expect(log.getByRole('cell', { name: `Listing: ${name}` })).toBeVisible();
  await expect(log.getByRole('cell', { name: 'Person: Ben Banned' })).toBeVisible();
  await expect(log.getByText(foodId)).toHaveCount(0);
  await expectNoAxeViolationsAtBothWidths(m);

  await log.getByRole('button', { name: `Restore ${name}` }).click();
  const restore = m.getByRole('dialog', { name: `Restore ${name}?` });
  await expect(restore).toContainText('It is shown to everyone again');
  await restore.getByRole('button', { name: 'Yes, restore it' }).click();
  await expect(m.getByText(`${name} is shown again.`)).toBeVisible();
  await expect(log.getByRole('button', { name: `Restore ${name}` })).toHaveCount(0);
  await expect(log.getByRole('cell', { name: 'Restore', exact: true })).toBeVisible();

  await log.getByRole('button', { name: 'Unban Ben Banned' }).click();
  await m.getByRole('dialog', { name: 'Unban Ben Banned?' }).getByRole('button', { name: 'Yes, unban' }).click();
  await expect(m.getByText('Ben Banned is unbanned.')).toBeVisible();
  await expect(log.getByRole('button', { name: 'Unban Ben Banned' })).toHaveCount(0);

  // Both took effect: the listing is found again, and Ben signs in again.
  const v = await pageFor(browser);
  await expect(await findOnList(v, name)).toHaveCount(1);
  const signIn = await banned.api.post('/api/auth/sign-in/email', { data: { email: banned.email, password: banned.password }, headers: { Origin: baseURL() } });
  expect(signIn.ok(), await signIn.text()).toBe(true);
  await donor.api.dispose();
  await banned.api.dispose();
});
