// Google sign-in in a popup (SPEC.md §1, §4 "Login", §9 popup 500 × 600) in
// Chromium, through the whole authorization-code flow of a real OpenID provider
// (oidc-provider on 127.0.0.1, tests/support/oidc-server.ts) standing in for Google.
import { expect, test } from '@playwright/test';
import { GOOGLE_ACCOUNT } from '../support/e2e-env.js';

// No viewport emulation, so the popup gets the size the app asks window.open for.
test.use({ viewport: null });

test('signs in with Google through a 500 × 600 popup and goes back to the saved path', async ({ page }) => {
  await page.goto('/add-food');
  await expect(page.getByText('Access Denied: Please Log In')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  const popup = await popupOpened;

  // The provider's sign-in page, in the popup.
  await expect(popup.getByText(`Sign in to Plateful as ${GOOGLE_ACCOUNT.name}`)).toBeVisible();
  expect(new URL(popup.url()).origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
  // The popup's page area is 500 × 600 (headless Chromium may round the height by a pixel).
  const [width, height] = await popup.evaluate(() => [window.innerWidth, window.innerHeight]);
  expect(width).toBe(500);
  expect(height).toBeGreaterThanOrEqual(599);
  expect(height).toBeLessThanOrEqual(600);

  const closed = popup.waitForEvent('close');
  await popup.getByRole('button', { name: 'Continue' }).click();
  await closed;

  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/add-food$/);
  await expect(page.getByRole('img', { name: GOOGLE_ACCOUNT.name })).toHaveAttribute('src', GOOGLE_ACCOUNT.picture);
  await expect(page.getByRole('button', { name: 'Add Donation' })).toBeVisible();
});

test('falls back to a full-page sign-in when the browser blocks the popup', async ({ page }) => {
  // What a popup blocker does to window.open.
  await page.addInitScript(() => {
    window.open = () => null;
  });
  await page.goto('/my-food-request');
  await expect(page).toHaveURL(/\/login$/);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();

  await expect(page.getByText(`Sign in to Plateful as ${GOOGLE_ACCOUNT.name}`)).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();

  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/my-food-request$/);
  await expect(page.getByRole('img', { name: GOOGLE_ACCOUNT.name })).toBeVisible();
});

test('says so with an error toast when the server has no Google sign-in configured', async ({ page }) => {
  // The answer of a server without GOOGLE_CLIENT_ID/SECRET (the e2e server has them).
  await page.route('**/api/auth-providers', (route) => route.fulfill({ json: { google: false } }));
  const providers = page.waitForResponse('**/api/auth-providers');
  await page.goto('/login');
  await providers;
  let popups = 0;
  page.on('popup', () => popups++);
  await page.getByRole('button', { name: 'Sign in with Google' }).click();
  await expect(page.getByText('Google sign-in is not configured on this server.')).toBeVisible();
  expect(popups).toBe(0);
  await expect(page).toHaveURL(/\/login$/);
});
