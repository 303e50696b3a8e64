// The interface in every shipped language (docs/translating.md): the language picker switches the
// page without a reload and remembers the choice in the `lang` cookie.
import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 1280, height: 900 } });

test('the footer picker switches to German without a reload and remembers it', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await page.getByLabel('Language').selectOption('de');
  await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByLabel('Sprache')).toHaveValue('de');
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  const cookie = (await context.cookies()).find((c) => c.name === 'lang');
  expect(cookie?.value).toBe('de');
  expect(cookie?.sameSite).toBe('Lax');
  await page.getByLabel('Sprache').selectOption('ar');
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
});
