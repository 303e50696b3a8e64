// Password reset by email in Chromium: 'Forgot password?' on /login, the
// mail caught by a real SMTP server on 127.0.0.1 (the e2e app's SMTP_URL), the
// mailed link's page setting the new password and signing in, the account's other
// sessions ended, and the link working only once.
import { expect, test, type Page } from '@playwright/test';
import type { ParsedMail } from 'mailparser';
import { SMTP_PORT } from '../support/e2e-env.js';
import { newUser, register } from './support/world.js';
import { recipient, resetLinkOf, startInbox, type Inbox } from '../support/inbox.js';

let inbox: Inbox;
test.beforeAll(async () => {
  inbox = await startInbox(SMTP_PORT);
});
test.afterAll(async () => {
  await inbox?.close();
});

/** The newest reset mail to `email`, waiting for it to arrive. */
async function mailTo(email: string): Promise<ParsedMail> {
  let mail: ParsedMail | undefined;
  await expect
    .poll(() => {
      // The sign-up's verification mail goes to the same address: only the reset mail counts.
      mail = inbox.messages.findLast((m) => recipient(m) === email && m.subject === 'Reset your Plateful password');
      return mail;
    })
    .toBeDefined();
  return mail!;
}

async function askForLink(page: Page, email: string) {
  await page.goto('/login');
  await page.getByRole('link', { name: 'Forgot password?' }).click();
  await expect(page).toHaveURL(/\/forgot-password$/);
  await expect(page).toHaveTitle('Plateful | Forgot Password');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  await expect(page.getByText('Check your email')).toBeVisible();
  await expect(page.getByText(`If an account exists for ${email}, we have sent it a link`)).toBeVisible();
}

async function setNewPassword(page: Page, link: URL, email: string, password: string) {
  await page.goto(link.toString());
  await expect(page).toHaveTitle('Plateful | Reset Password');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('New Password').fill(password);
  await page.getByRole('button', { name: 'Reset Password' }).click();
}

test('a forgotten password is reset from the mailed link, which signs in, ends other sessions and works once', async ({ page, browser }) => {
  const rosa = newUser('Rosa Reset', 'rosa');
  // Rosa is also signed in on another device.
  const elsewhere = await browser.newContext();
  const other = await elsewhere.newPage();
  await register(other, rosa);

  await askForLink(page, rosa.email);
  const link = resetLinkOf(await mailTo(rosa.email));
  expect(link.pathname).toBe('/reset-password');

  await setNewPassword(page, link, rosa.email, 'brand-new-pass-2');
  await expect(page.getByText('Password Reset Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('img', { name: rosa.name })).toBeVisible();

  // The other device's session is over at once: a login-only page sends it to /login.
  await other.goto('/add-food');
  await expect(other).toHaveURL(/\/login$/);
  await expect(other.getByRole('link', { name: 'Login' }).first()).toBeVisible();
  await elsewhere.close();

  // The link works once.
  await setNewPassword(page, link, rosa.email, 'third-pass-3');
  await expect(page.getByText('This reset link has expired or has already been used. Ask for a new one.')).toBeVisible();
});

test('asking for a link for an unknown email reads exactly the same', async ({ page }) => {
  await askForLink(page, `nobody.${Date.now()}@example.org`);
});
