// Email verification and the account in Chromium: the verification banner and 'Resend email' (a real SMTP
// inbox on 127.0.0.1), the Account page (sessions, signing another one out, 'Sign
// out everywhere else', 'Download my data', 'Delete my account' with the password),
// /auth/popup-done without a session or with a crafted error, and axe on all of it.
import { readFile } from 'node:fs/promises';
import { expect, request, test, type Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { SMTP_PORT } from '../support/e2e-env.js';
import { recipient, startInbox, type Inbox } from '../support/inbox.js';
import { expectNoAxeViolations } from './support/axe.js';
import { baseURL, listFood, newPerson, signInAs } from './support/world.js';

let inbox: Inbox;
test.beforeAll(async () => {
  inbox = await startInbox(SMTP_PORT);
});
test.afterAll(async () => {
  await inbox?.close();
});

const VERIFY_SUBJECT = 'Verify your Plateful email address';

/** The verification mails to `email` so far. */
const verificationMails = (email: string) => inbox.messages.filter((m: ParsedMail) => recipient(m) === email && m.subject === VERIFY_SUBJECT);

/** A second session of the same account, from another "device". */
async function otherDevice(email: string, password: string, userAgent: string) {
  const api = await request.newContext({ baseURL: baseURL(), userAgent });
  const res = await api.post('/api/auth/sign-in/email', { data: { email, password } });
  expect(res.ok(), await res.text()).toBe(true);
  return api;
}

const sessionOf = async (api: Awaited<ReturnType<typeof otherDevice>>) => (await api.get('/api/auth/get-session')).json();

const banner = (page: Page) => page.getByRole('region', { name: 'Email verification' });

test('an unverified user sees the banner, resends the mail, and the link verifies the address', async ({ page }) => {
  const p = await newPerson('Vera Banner');
  await signInAs(page, p);
  await page.goto('/');
  await expect(banner(page)).toContainText('Please verify your email address');
  await expectNoAxeViolations(page);

  const before = verificationMails(p.email).length;
  await banner(page).getByRole('button', { name: 'Resend email' }).click();
  await expect(page.getByText('Verification email sent')).toBeVisible();
  await expect.poll(() => verificationMails(p.email).length, { timeout: 15_000 }).toBeGreaterThan(before);

  const link = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(verificationMails(p.email).at(-1)!.text ?? '')![0];
  await page.goto(link);
  // The landing says what happened, then drops its marker from the address.
  await expect(page.getByText('Email verified. Thank you!')).toBeVisible();
  await expect(page).toHaveURL(`${baseURL()}/`);
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test('the banner can be dismissed for the session', async ({ page }) => {
  const p = await newPerson('Dora Dismiss');
  await signInAs(page, p);
  await page.goto('/available-foods');
  await banner(page).getByRole('button', { name: 'Dismiss' }).click();
  await expect(banner(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Logout' })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test('the Account page lists the sessions and signs out another one, then every other one', async ({ page }) => {
  const p = await newPerson('Seth Sessions');
  const phone = await otherDevice(p.email, p.password, 'Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/126.0 Mobile Safari/537.36');
  const tablet = await otherDevice(p.email, p.password, 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) Gecko/20100101 Firefox/128.0');
  await signInAs(page, p);
  await page.goto('/profile');
  await page.getByRole('link', { name: /^Account/ }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page).toHaveTitle('Plateful | Account');

  const sessions = page.getByRole('list', { name: 'Sessions' }).getByRole('listitem');
  await expect(sessions).toHaveCount(3);
  await expect(sessions.filter({ hasText: 'This device' })).toHaveCount(1);
  await expect(sessions.filter({ hasText: 'Chrome on Android' })).toContainText('127.0.0.1');
  await expect(sessions.filter({ hasText: 'Firefox on macOS' })).toContainText('Last active');
  await expectNoAxeViolations(page);

  await sessions.filter({ hasText: 'Chrome on Android' }).getByRole('button', { name: /^Sign out/ }).click();
  await expect(page.getByText('Signed out that device')).toBeVisible();
  await expect(sessions).toHaveCount(2);
  expect(await sessionOf(phone)).toBeNull();
  expect((await sessionOf(tablet))?.user.email).toBe(p.email);

  await page.getByRole('button', { name: 'Sign out everywhere else' }).click();
  await expect(page.getByText('Signed out everywhere else')).toBeVisible();
  await expect(sessions).toHaveCount(1);
  expect(await sessionOf(tablet)).toBeNull();
  await expect(page.getByRole('button', { name: 'Sign out everywhere else' })).toBeDisabled();
});

test("'Download my data' saves a JSON file of the profile, listings and requests", async ({ page }) => {
  const p = await newPerson('Dina Download');
  await listFood(p.api, {
    FoodName: 'Exported Lentils',
    FoodImage: `${baseURL()}/images/demo/rice-and-lentils.svg`,
    FoodQuantity: 2,
    PickupLocation: '1 Export Way',
    ExpiredDateTime: '2099-01-01',
    AdditionalNotes: 'In the export.',
  });
  await signInAs(page, p);
  await page.goto('/account');
  const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Download my data' }).click()]);
  expect(download.suggestedFilename()).toMatch(/^plateful-export-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.Profile.Email).toBe(p.email);
  expect(data.Foods.map((f: { FoodName: string }) => f.FoodName)).toEqual(['Exported Lentils']);
  expect(data.Requests).toEqual([]);
});

test("'Delete my account' asks for the password, then deletes the account and signs out", async ({ page }) => {
  const p = await newPerson('Dex Delete');
  await signInAs(page, p);
  await page.goto('/account');
  await page.getByRole('button', { name: 'Delete my account' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toContainText('Delete your account?');
  await expectNoAxeViolations(page);

  // Cancel keeps everything.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByLabel('Password').fill('not-the-password');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText(/invalid password/i)).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);

  await page.getByRole('button', { name: 'Delete my account' }).click();
  await dialog.getByLabel('Password').fill(p.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page.getByText('Your account has been deleted')).toBeVisible();
  await expect(page).toHaveURL(`${baseURL()}/`);
  await expect(page.getByRole('link', { name: 'Login' })).toBeVisible();

  const api = await request.newContext({ baseURL: baseURL() });
  const signIn = await api.post('/api/auth/sign-in/email', { data: { email: p.email, password: p.password } });
  expect(signIn.status()).toBe(401);
});

test('/auth/popup-done claims no success without a session and never shows the provider’s text', async ({ page }) => {
  await page.goto('/auth/popup-done?to=%2Fadd-food');
  await expect(page.getByText('Google sign-in failed.', { exact: true })).toBeVisible();
  await expect(page.getByText('Login Successful')).toHaveCount(0);
  await expect(page).toHaveURL(/\/login$/);

  await page.goto('/auth/popup-done?to=%2F&error=access_denied&error_description=Your+account+is+suspended.+Call+%2B1-555-0100');
  await expect(page.getByText('Google sign-in failed. (access_denied)')).toBeVisible();
  await expect(page.getByText(/suspended|555-0100/)).toHaveCount(0);

  await page.goto('/auth/popup-done?to=%2F&error=%3Cb%3ECall+us%3C%2Fb%3E');
  await expect(page.getByText('Google sign-in failed.', { exact: true })).toBeVisible();
  await expect(page.getByText(/Call us/)).toHaveCount(0);
});
