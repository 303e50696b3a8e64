/** Keyboard-only helpers: reach a control by pressing Tab, as a keyboard user does. */
import { expect, type Locator, type Page } from '@playwright/test';

/** Presses Tab (or Shift+Tab) until `target` has focus; fails after `max` presses. */
export async function tabTo(page: Page, target: Locator, { back = false, max = 60 } = {}): Promise<void> {
  for (let i = 0; i < max; i++) {
    await page.keyboard.press(back ? 'Shift+Tab' : 'Tab');
    if (await target.evaluate((el) => el === document.activeElement).catch(() => false)) return;
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}

/** Tabs to `target` and presses `key` on it (Enter for links and buttons, Space for buttons). */
export async function activate(page: Page, target: Locator, key: 'Enter' | 'Space' = 'Enter'): Promise<void> {
  await tabTo(page, target);
  await page.keyboard.press(key);
}

/** Asserts that the focused element shows a focus indicator (an outline that is not `none`). */
export async function expectVisibleFocus(target: Locator): Promise<void> {
  await expect(target).toBeFocused();
  const outline = await target.evaluate((el) => getComputedStyle(el).outlineStyle);
  expect(outline).not.toBe('none');
}
