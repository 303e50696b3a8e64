// The interface in every shipped language (docs/translating.md): the language picker switches the
// page without a reload and remembers the choice; German pages read German; Arabic is right to left
// and nothing overflows a phone (Manage Food with its part hand-over included), nor in German, French
// or Spanish; axe finds nothing in German and Arabic; the pseudo-locale shows no text that bypassed
// the catalog.
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolationsAtBothWidths } from './support/axe.js';
import { expectNoOverflow, overflowing } from './support/overflow.js';
import { baseURL, listFood, newPerson, pageFor } from './support/world.js';

test.use({ viewport: { width: 1280, height: 900 } });

/**
 * A Wanted post by a new person, through the API; returns its page's path. Its data (title, details, the
 * poster's name) carry accented letters, so the pseudo-locale walk judges only the interface's texts.
 */
async function wantedPost(): Promise<string> {
  const poster = await newPerson('Pat Pâtissier');
  const res = await poster.api.post('/api/wanted', {
    data: { Title: 'Crème fraîche', Details: 'Pâte à tartiner aussi', Location: { Lat: 48.8566, Lng: 2.3522 }, RadiusKm: 3 },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { insertedId } = (await res.json()) as { insertedId: string };
  await poster.api.dispose();
  return `/wanted/${insertedId}`;
}

/** Chooses `code` in the footer's picker (labelled `label` in the current language). */
async function choose(page: Page, label: string, code: string) {
  await page.getByRole('contentinfo').getByLabel(label).selectOption(code);
  await expect(page.locator('html')).toHaveAttribute('lang', code);
}

test('the footer picker switches to German without a reload and remembers it', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
  await choose(page, 'Language', 'de');
  await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Teile übrige Lebensmittel mit deinen Nachbarn');
  await expect(page.getByRole('heading', { name: 'Ausgewählte Lebensmittel' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Details ansehen' }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
  const cookie = (await context.cookies()).find((c) => c.name === 'lang');
  expect(cookie?.value).toBe('de');
  expect(cookie?.sameSite).toBe('Lax');

  await page.getByRole('navigation', { name: 'Hauptmenü' }).getByRole('link', { name: 'Verfügbare Lebensmittel' }).last().click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Verfügbare Lebensmittel');
  await expect(page.getByLabel('Lebensmittel suchen')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nach Ablaufdatum sortieren: absteigend' })).toBeVisible();
  await expect(page).toHaveTitle('Plateful | Verfügbare Lebensmittel');

  await choose(page, 'Sprache', 'en');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Available Foods');
});

test('Arabic is right to left and nothing overflows a 375 px screen', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of ['/', '/available-foods', '/login', '/wanted', await wantedPost()]) {
    await page.goto(path);
    if ((await page.locator('html').getAttribute('lang')) !== 'ar') await choose(page, 'Language', 'ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectNoOverflow(page, path);
  }
});

test('German, French and Spanish home and Available Foods fit a 375 px screen (long words break)', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  for (const lang of ['de', 'fr', 'es']) {
    await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL() }]);
    for (const path of ['/', '/available-foods']) {
      await page.goto(path);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.getByRole('article').first()).toBeVisible();
      expect(await overflowing(page), `${lang} ${path}`).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `${lang} ${path}`).toBeLessThanOrEqual(375);
    }
  }
});

test('the pseudo-locale\'s longer texts wrap on a 375 px screen: home and Available Foods', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.context().addCookies([{ name: 'lang', value: 'pseudo', url: baseURL() }]);
  for (const path of ['/', '/available-foods']) {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toContainText('~');
    await expect(page.getByRole('article').first()).toBeVisible();
    await expectNoOverflow(page, `pseudo ${path}`);
  }
});

/** Per pixel column of a control's screenshot, whether it holds ink (a dark pixel) between its top and bottom borders. */
async function inkColumns(png: Buffer): Promise<boolean[]> {
  const { data, info } = await sharp(png).greyscale().raw().toBuffer({ resolveWithObject: true });
  return Array.from({ length: info.width - 4 }, (_, i) => {
    const x = i + 2;
    for (let y = 4; y < info.height - 4; y++) if (data[y * info.width + x]! < 140) return true;
    return false;
  });
}

test('Arabic Manage Food fits a 375 px screen, the part hand-over and its recipient list included', async ({ browser }) => {
  const donorP = await newPerson('Dalia Donor');
  // A long name and address: the recipient list shows "name (email)".
  const asker = await newPerson('Maximilianagwendolyn Featherstonehaugh-Montgomery');
  const foodId = await listFood(donorP.api, { FoodQuantity: 5 });
  const res = await asker.api.post('/api/requests', { data: { FoodId: foodId, AdditionalNotes: '' } });
  expect(res.ok(), await res.text()).toBe(true);
  const page = await pageFor(browser, donorP, 375);
  await page.context().addCookies([{ name: 'lang', value: 'ar', url: baseURL() }]);
  await page.goto(`/manage-food/${foodId}`);
  await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
  const part = page.getByRole('region', { name: 'تسليم جزء من الطعام' });
  await expect(part).toContainText('يحتوي الآن على');
  const recipient = part.getByLabel('سُلّم إلى');
  await expect(recipient).toHaveValue(/.+/);
  expect(await overflowing(page)).toEqual([]);
  // The list lies within its section, and its Latin name and address read from their start (left), not their end.
  const [box, section] = await Promise.all([recipient.boundingBox(), part.boundingBox()]);
  expect(box!.x).toBeGreaterThanOrEqual(section!.x);
  expect(box!.x + box!.width).toBeLessThanOrEqual(section!.x + section!.width);
  await expect(recipient).toHaveAttribute('dir', 'ltr');
  // The chosen "name (email)" is wider than the list.
  const textWidth = await recipient.evaluate((el: HTMLSelectElement) => {
    const context = document.createElement('canvas').getContext('2d')!;
    context.font = getComputedStyle(el).font;
    return context.measureText(el.selectedOptions[0]!.text).width - el.clientWidth;
  });
  expect(textWidth).toBeGreaterThan(0);
  // Drawn, the name starts at the left edge and is cut where the arrow's room begins: the arrow is the last
  // ink at the right end, with a clear gap before it (not over the name's letters).
  const ink = await inkColumns(await recipient.screenshot());
  const width = ink.length;
  expect(ink.indexOf(true)).toBeLessThan(24);
  const arrowEnd = ink.lastIndexOf(true);
  const arrowStart = ink.lastIndexOf(false, arrowEnd) + 1;
  expect(arrowEnd).toBeGreaterThan(width - 24);
  expect(arrowEnd - arrowStart).toBeLessThan(16);
  expect(ink.slice(arrowStart - 8, arrowStart).some(Boolean)).toBe(false);
});

for (const lang of ['de', 'ar']) {
  test(`axe finds nothing in ${lang} on home and Available Foods`, async ({ page }) => {
    await page.goto('/');
    await choose(page, 'Language', lang);
    await expect(page.getByRole('link', { name: lang === 'de' ? 'Details ansehen' : 'عرض التفاصيل' }).first()).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page);
    await page.goto('/available-foods');
    await expect(page.locator('html')).toHaveAttribute('lang', lang);
    await expect(page.getByRole('link', { name: lang === 'de' ? 'Details ansehen' : 'عرض التفاصيل' }).first()).toBeVisible();
    await expectNoAxeViolationsAtBothWidths(page);
  });
}

test('the pseudo-locale shows no text outside the catalog on the main routes', async ({ page }) => {
  await page.goto('/');
  // The picker offers the shipped locales only; the tests reach the pseudo-locale through its cookie.
  await page.context().addCookies([{ name: 'lang', value: 'pseudo', url: page.url() }]);
  const post = await wantedPost();
  for (const path of ['/', '/available-foods', '/login', '/register', '/forgot-password', '/no-such-page', '/wanted', post]) {
    await page.goto(path);
    // A Wanted post's heading is its title (data): its first section heading is the interface's.
    await expect(page.getByRole('heading', { level: path === post ? 2 : 1 }).first()).toContainText('[');
    const untranslated = await page.evaluate(() => {
      const walker = document.createTreeWalker(document.getElementById('root')!, NodeFilter.SHOW_TEXT);
      const plain: string[] = [];
      // Texts that are data, not interface: listing fields, names, numbers, the product and language names,
      // the map's attribution (its tile provider's words).
      const data = new Set(document.querySelectorAll('article h2, article h3, figcaption span:first-child'));
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? '';
        const parent = node.parentElement!;
        if (!/[A-Za-z]{2}/.test(text) || data.has(parent) || parent.closest('article dd, option, a[href="/"].btn, .leaflet-control-attribution')) continue;
        if (!/[\u00C0-\u024F[\]~]/.test(text)) plain.push(text);
      }
      return plain;
    });
    expect(untranslated, path).toEqual([]);
  }
});
