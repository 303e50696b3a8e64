/** Checks of toggles that must not tell their state by colour alone (WCAG 1.4.1). */
import { expect, type Locator } from '@playwright/test';

/** WCAG relative luminance of an `rgb(r, g, b)` colour string. */
function luminance(rgb: string): number {
  const [r, g, b] = rgb.match(/[\d.]+/g)!.slice(0, 3).map((v) => {
    const c = Number(v) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/**
 * A pressed toggle differs from an unpressed one by more than a shade (WCAG 1.4.1): it shows
 * a check mark, and its background contrasts at least 3:1 with the unpressed one's. Names stay as they were.
 */
export async function expectPressedNotByColourAlone(pressed: Locator, unpressed: Locator): Promise<void> {
  await expect(pressed).toHaveAttribute('aria-pressed', 'true');
  await expect(unpressed).toHaveAttribute('aria-pressed', 'false');
  await expect(pressed.locator('svg')).toBeVisible();
  await expect(unpressed.locator('svg')).toHaveCount(0);
  // Backgrounds as sRGB bytes over the page's white, whatever notation and alpha the style
  // sheet used (a 1 × 1 canvas converts and composites them).
  const [a, b] = await Promise.all(
    [pressed, unpressed].map((l) =>
      l.evaluate((el) => {
        const ctx = document.createElement('canvas').getContext('2d')!;
        ctx.fillStyle = '#fff';
        ctx.fillRect(0, 0, 1, 1);
        ctx.fillStyle = getComputedStyle(el).backgroundColor;
        ctx.fillRect(0, 0, 1, 1);
        const [r, g, bl] = ctx.getImageData(0, 0, 1, 1).data;
        return `rgb(${r}, ${g}, ${bl})`;
      }),
    ),
  );
  const [hi, lo] = [luminance(a!), luminance(b!)].sort((x, y) => y - x) as [number, number];
  expect((hi + 0.05) / (lo + 0.05)).toBeGreaterThanOrEqual(3);
}
