/**
 * The pseudo-locale's check (docs/translating.md): the texts on the page that went around the
 * message catalog. Every catalog text of the pseudo-locale is accented and bracketed; a text of two
 * Latin letters or more with neither is reported, except `data` (listing fields, names, the product),
 * dates, times, weekday and month names written by Intl (the pseudo-locale formats as English) and
 * e-mail addresses. Only what is shown counts (a popup's hidden buttons keep their library's words).
 */
import type { Page } from '@playwright/test';

/** Takes the page and the data texts shown on it; returns the untranslated texts, in page order. */
export function untranslatedTexts(page: Page, data: string[]): Promise<string[]> {
  return page.evaluate((data) => {
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    const plain: string[] = [];
    const intlNames = new Set<string>();
    for (let day = 0; day < 366; day += 1) {
      const date = new Date(2026, 0, 1 + day);
      for (const opts of [{ weekday: 'short' }, { weekday: 'long' }, { month: 'short' }, { month: 'long' }] as const) intlNames.add(date.toLocaleDateString('en', opts));
    }
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim() ?? '';
      const parent = node.parentElement!;
      const formatted = intlNames.has(text) || /^\d{1,2} [A-Z][a-z]+, \d{4}(, [\d:]+ [ap]m)?$/.test(text) || /^\S+@\S+$/.test(text);
      if (!/[A-Za-z]{2}/.test(text) || formatted || parent.closest('script, style, option, [hidden]') || !parent.checkVisibility() || data.some((d) => text.includes(d))) continue;
      if (!/[\u00C0-\u024F[\]~]/.test(text)) plain.push(text);
    }
    return plain;
  }, data);
}
