// The core loop of SPEC.md (browse, request, accept, deliver) in every shipped language (docs/translating.md):
// each step's controls and popups read in the chosen language, found by the texts of the web catalogs
// (src/web/locales); in Arabic the pages are right to left and nothing overflows a 375 px screen. People
// and the food are made through the API; one browser context per language, its sessions swapped by cookie.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import { LOCALES } from '../../src/contract/locale-codes.js';
import { expectNoOverflow } from './support/overflow.js';
import { untranslatedTexts } from './support/pseudo.js';
import { listFood, newPerson, signInAs, type Person } from './support/world.js';

const LOCALE_DIR = path.resolve(import.meta.dirname, '../../src/web/locales');

/** Every web message of `locale` by its English text (the catalogs are keyed by the same ids). */
function catalogOf(locale: string): Map<string, string> {
  const read = (l: string) =>
    Object.assign({}, ...readdirSync(path.join(LOCALE_DIR, l)).map((f) => JSON.parse(readFileSync(path.join(LOCALE_DIR, l, f), 'utf8')))) as Record<string, string>;
  const english = read('en');
  const translated = read(locale);
  return new Map(Object.entries(english).map(([id, text]) => [text, translated[id]!]));
}

for (const locale of LOCALES) {
  test(`browse, request, accept and deliver in ${locale}`, async ({ browser, baseURL }) => {
    test.setTimeout(120_000);
    const texts = catalogOf(locale);
    const tr = (english: string) => {
      const text = texts.get(english);
      if (!text) throw new Error(`no message "${english}"`);
      return text;
    };
    const rtl = locale === 'ar';
    const donor = await newPerson('Lena Lang');
    const neighbour = await newPerson('Omar Ortiz');
    const foodName = `Bread ${locale} ${Date.now().toString(36)}`;
    const foodId = await listFood(donor.api, { FoodName: foodName });
    await Promise.all([donor.api.dispose(), neighbour.api.dispose()]);

    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addCookies([{ name: 'lang', value: locale, url: baseURL! }]);
    const page = await context.newPage();
    const as = async (who: Person) => {
      await context.clearCookies({ name: /^(?!lang$)/ });
      await signInAs(page, who);
    };
    const checkPage = async (where: string) => {
      await expect(page.locator('html')).toHaveAttribute('lang', locale);
      await expect(page.locator('html')).toHaveAttribute('dir', rtl ? 'rtl' : 'ltr');
      if (!rtl) return;
      // Each page of the loop on a phone; the clicks at 1280 px (at 375 px, in Arabic, the click on a
      // Manage Food row's Accept lands on its cell instead: not yet explained).
      await page.setViewportSize({ width: 375, height: 800 });
      await expectNoOverflow(page, where);
      await page.setViewportSize({ width: 1280, height: 900 });
    };

    // Browse: the neighbour finds the food and opens it.
    await as(neighbour);
    await page.goto(`/available-foods?search=${encodeURIComponent(foodName)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('Available Foods'));
    await expect(page.getByText(foodName)).toBeVisible();
    await checkPage('/available-foods');
    await page.getByRole('link', { name: tr('View Details') }).click();
    await expect(page.getByRole('heading', { level: 1, name: foodName })).toBeVisible();
    await checkPage('/food/{id}');

    // Request it, with a donation.
    await page.getByRole('button', { name: tr('Request'), exact: true }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(tr('Donation Money')).fill('$2');
    await dialog.getByRole('button', { name: tr('Request'), exact: true }).click();
    await expect(page.getByRole('dialog', { name: tr('Request Accepted!') })).toBeVisible();

    // The donor accepts it, then marks it delivered.
    await as(donor);
    await page.goto(`/manage-food/${foodId}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(tr('Manage Food'));
    const row = page.getByRole('row', { name: new RegExp(neighbour.name) });
    await expect(row.getByText(tr('Pending'), { exact: true })).toBeVisible();
    await checkPage('/manage-food/{foodId}');
    await row.getByRole('button', { name: tr('Accept'), exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: tr('Accept request') }).click();
    await expect(row.getByText(tr('Accepted'), { exact: true })).toBeVisible();
    await row.getByRole('button', { name: tr('Mark as Delivered') }).click();
    await expect(page.getByText(tr('You want to mark this request as delivered?'))).toBeVisible();
    await page.getByRole('button', { name: tr('Yes, mark it!') }).click();
    await expect(page.getByText(tr('The request status has been updated to Delivered.'))).toBeVisible();
    await expect(row.getByRole('button', { name: tr('Delivered') })).toBeDisabled();
    await checkPage('/manage-food/{foodId} delivered');
    await context.close();
  });
}

test('the pseudo-locale, signed in, shows no text outside the catalog with the request dialog open', async ({ browser, baseURL }) => {
  const donor = await newPerson('Pia Pseudo');
  const neighbour = await newPerson('Quinn Quill');
  const foodName = `Soup ${Date.now().toString(36)}`;
  const foodId = await listFood(donor.api, { FoodName: foodName });
  await Promise.all([donor.api.dispose(), neighbour.api.dispose()]);
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  await context.addCookies([{ name: 'lang', value: 'pseudo', url: baseURL! }]);
  const page = await context.newPage();
  await signInAs(page, neighbour);
  await page.goto(`/food/${foodId}`);
  await expect(page.getByRole('heading', { level: 1, name: foodName })).toBeVisible();
  await page.getByRole('button', { name: /^\[Ŕéǫûéšţ~*\]$/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  // Data, not interface: the listing's fields and the people's names (listFood's defaults).
  const data = [foodName, 'Picked this morning.', '12 Elm Street', donor.name, neighbour.name, 'Plateful'];
  const untranslated = await untranslatedTexts(page, data);
  expect(untranslated).toEqual([]);
  await context.close();
});
