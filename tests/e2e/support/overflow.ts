import { expect, type Page } from '@playwright/test';

/**
 * The elements that reach past either side of the screen, as `tag.class` (the first five): not fixed ones,
 * nor what is only for screen readers (`.sr-only`, or inside a clipped box such as a phone table's header
 * row), nor closed popovers, nor what scrolls inside its own box (a wide table), nor a map's tiles and shapes
 * (the map, which clips them, is checked itself).
 */
export function overflowing(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const limit = document.documentElement.clientWidth;
    const clipped = (el: Element | null): boolean => !!el && (getComputedStyle(el).clipPath !== 'none' || clipped(el.parentElement));
    const scrolls = (el: Element): boolean => {
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        if (['auto', 'scroll'].includes(getComputedStyle(box).overflowX)) return true;
      }
      return false;
    };
    return [...document.querySelectorAll<HTMLElement>('body *')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        const out = r.width > 0 && (r.right > limit + 1 || r.left < -1) && getComputedStyle(el).position !== 'fixed';
        return out && !el.closest('.sr-only, [popover]') && !el.parentElement?.closest('.leaflet-container') && !clipped(el) && !scrolls(el);
      })
      .map((el) => `${el.tagName.toLowerCase()}.${el.className}`)
      .slice(0, 5);
  });
}

/** Nothing overflows the screen (see {@link overflowing}) and the page does not scroll sideways. */
export async function expectNoOverflow(page: Page, where: string): Promise<void> {
  expect(await overflowing(page), `${where} overflows`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), `${where} scrolls sideways`).toBe(true);
}
