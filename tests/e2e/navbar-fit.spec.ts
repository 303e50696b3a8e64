// The navigation bar on a phone (375 px) in every shipped language and in the pseudo-locale (texts
// 30 % longer), signed in and out: its buttons, links and the bell's unread count lie beside one
// another, none over the logo and product name or over each other, and the product name shows whole.
import { expect, test, type Page } from '@playwright/test';
import { baseURL, listFood, newPerson, pageFor } from './support/world.js';

const LANGUAGES = ['en', 'de', 'fr', 'es', 'ar', 'pseudo'];

/**
 * The pairs of the bar's visible links, buttons and count badges whose boxes cross, as "name | name"
 * (the closed menu's links aside; a badge is not paired with the link it sits in).
 */
function overlaps(page: Page): Promise<string[]> {
  return page.getByRole('navigation').first().evaluate((nav) => {
    const shown = [...nav.querySelectorAll<HTMLElement>('a, button, .indicator-item')].filter((el) => !el.closest('[popover]') && el.getBoundingClientRect().width > 0);
    const name = (el: HTMLElement) => (el.getAttribute('aria-label') ?? el.textContent ?? '').trim();
    const pairs: string[] = [];
    shown.forEach((a, i) =>
      shown.slice(i + 1).forEach((b) => {
        const [p, q] = [a.getBoundingClientRect(), b.getBoundingClientRect()];
        const cross = p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 && q.top < p.bottom - 0.5;
        if (cross && !a.contains(b) && !b.contains(a)) pairs.push(`${name(a)} | ${name(b)}`);
      }),
    );
    return pairs;
  });
}

/** Opens home in `lang` and checks the bar: nothing over anything, the product name whole. */
async function expectBarFits(page: Page, lang: string, signedIn: boolean) {
  await page.context().addCookies([{ name: 'lang', value: lang, url: baseURL() }]);
  await page.goto('/');
  // The pseudo-locale's page says `en`; its texts are bracketed.
  await expect(page.locator('html')).toHaveAttribute('lang', lang === 'pseudo' ? 'en' : lang);
  const nav = page.getByRole('navigation').first();
  const end = signedIn ? nav.getByRole('button').last() : nav.locator('a[href="/login"]');
  if (lang === 'pseudo') await expect(end).toContainText('[');
  if (signedIn) await expect(nav.locator('a[href="/notifications"] .indicator-item')).toBeVisible();
  else await expect(end).toBeVisible();
  expect(await overlaps(page), `${lang}, signed ${signedIn ? 'in' : 'out'}`).toEqual([]);
  const product = nav.locator('a[href="/"].btn');
  await expect(product).toHaveText('Plateful');
  expect(await product.evaluate((a) => a.scrollWidth <= a.clientWidth && a.lastElementChild!.scrollWidth <= a.lastElementChild!.clientWidth)).toBe(true);
  expect(await page.evaluate(() => document.querySelector('nav')!.getBoundingClientRect().right <= document.documentElement.clientWidth)).toBe(true);
}

test('at 375 px the bar fits in every language, signed in with an unread notification and signed out', async ({ browser }) => {
  const donor = await newPerson('Dora Donor');
  const asker = await newPerson('Rafa Requester');
  // A request on the donor's food: the bell shows its unread count.
  const res = await asker.api.post('/api/requests', { data: { FoodId: await listFood(donor.api), AdditionalNotes: '' } });
  expect(res.ok(), await res.text()).toBe(true);
  const signedIn = await pageFor(browser, donor, 375);
  const signedOut = await pageFor(browser, undefined, 375);
  for (const lang of LANGUAGES) {
    await expectBarFits(signedIn, lang, true);
    await expectBarFits(signedOut, lang, false);
  }
});
