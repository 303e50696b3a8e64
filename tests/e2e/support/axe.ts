/** axe-core checks for the browser suites: WCAG 2.0–2.2 A/AA plus axe's best practices. */
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * Runs axe on the page once its CSS transitions and finite animations have ended (a button
 * still fading into its hover colour measured 4.09:1 in one frame; a popup fading in, 2.82:1)
 * and fails with a readable list of any violations. Looping animations (spinners) are not waited for,
 * nor anything past 3 s in all. A toast on screen is waited out first (SPEC.md §9: 2 s or 4 s, then a
 * 0.4 s fade): its fade can start mid-scan and measure its text at part opacity (#828282 on white,
 * 3.84:1) though it reads #363636 on white (12.6:1) while shown.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  // Up to 6 s: a toast under a resting pointer is paused, shown in full (no fade), and scanned as it is.
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const deadline = performance.now() + 6000;
        const check = () => (!document.querySelector('[data-rht-toaster] > *') || performance.now() > deadline ? resolve() : setTimeout(check, 100));
        check();
      }),
  );
  // Until two frames pass with none running: one animation may start another as it ends (a dialog
  // scaling in moves a button under the pointer, which then fades into its hover colour).
  await page.evaluate(async () => {
    const deadline = performance.now() + 3000;
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    while (performance.now() < deadline) {
      await frame();
      const running = document
        .getAnimations()
        .filter((a) => a.playState === 'running' && a.effect?.getComputedTiming().endTime !== Infinity);
      if (running.length === 0) return;
      await Promise.race([
        Promise.all(running.map((a) => a.finished.catch(() => undefined))),
        new Promise((resolve) => setTimeout(resolve, deadline - performance.now())),
      ]);
    }
  });
  const { violations } = await new AxeBuilder({ page }).withTags(TAGS).analyze();
  const report = violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')}  ${n.failureSummary?.split('\n')[1] ?? ''}`).join('\n')}`,
  );
  expect(report, `${violations.length} axe violation(s) on ${page.url()}`).toEqual([]);
}

/** {@link expectNoAxeViolations} at a phone's width (375 px) and a desktop's (1280 px), the page `height` px high; the viewport stays at 1280. */
export async function expectNoAxeViolationsAtBothWidths(page: Page, height = 900): Promise<void> {
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height });
    await expectNoAxeViolations(page);
  }
}
