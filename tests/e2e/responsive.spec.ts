// Responsive layout (SPEC.md §2): at 375 px no page scrolls sideways (table rows
// become cards of labelled lines that fit the screen), the bar links collapse into the Menu dropdown below
// the large breakpoint, and food grids show 1, 2 and 3 columns.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations } from './support/axe.js';
import { makeWorld, signInAs, type World } from './support/world.js';

let world: World;
test.beforeAll(async () => {
  world = await makeWorld();
});

async function expectNoSidewaysScroll(page: Page) {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('status', { name: 'Loading' })).toHaveCount(0);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow, `page is ${overflow}px wider than the screen`).toBeLessThanOrEqual(0);
}

test.describe('at 375 px', () => {
  test.use({ viewport: { width: 375, height: 800 } });

  test('signed-out pages fit the screen', async ({ page }) => {
    for (const path of ['/', '/login', '/register', '/available-foods', `/food/${world.foodId}`, '/no/such/page']) {
      await page.goto(path);
      await expectNoSidewaysScroll(page);
    }
  });

  test('signed-in pages fit the screen; table rows are cards that fit without sideways scrolling', async ({ page }) => {
    await signInAs(page, world.donor);
    for (const path of ['/add-food', `/update-food/${world.foodId}`, '/manage-my-foods', `/manage-food/${world.foodId}`]) {
      await page.goto(path);
      await expectNoSidewaysScroll(page);
    }
    const box = page.getByRole('region', { name: 'Requests for this food' });
    expect(await box.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    // Each card line's label sits beside its content, never over it (a tap on a button reaches the button).
    const overlaps = await box.evaluate((el) =>
      [...el.querySelectorAll('td')].flatMap((td) => {
        const label = getComputedStyle(td, '::before');
        const labelEnd = td.getBoundingClientRect().left + parseFloat(label.left) + parseFloat(label.width);
        return [...td.children].filter((child) => child.getBoundingClientRect().left < labelEnd).map((child) => child.textContent);
      }),
    );
    expect(overlaps).toEqual([]);
    await expectNoAxeViolations(page);
    await page.context().clearCookies();
    await signInAs(page, world.requester);
    await page.goto('/my-food-request');
    await expectNoSidewaysScroll(page);
    await expect(page.getByRole('region', { name: 'Your food requests' })).toBeVisible();
  });
});

const LAYOUTS = [
  { width: 375, columns: 1, collapsed: true },
  { width: 768, columns: 2, collapsed: true },
  { width: 1280, columns: 3, collapsed: false },
];

for (const { width, columns, collapsed } of LAYOUTS) {
  test(`at ${width} px: ${columns} grid column(s), bar links ${collapsed ? 'in the Menu dropdown' : 'in the bar'}`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/available-foods');
    const cards = page.getByRole('article');
    await expect(cards.nth(3)).toBeVisible();
    const lefts = new Set<number>();
    for (const card of (await cards.all()).slice(0, 4)) lefts.add(Math.round((await card.boundingBox())!.x));
    expect(lefts.size).toBe(columns);

    const nav = page.getByRole('navigation', { name: 'Main' });
    const menu = nav.getByRole('button', { name: 'Menu' });
    const link = nav.getByRole('link', { name: 'My Food Request' });
    if (collapsed) {
      await expect(link).toBeHidden();
      await menu.click();
      await expect(menu).toHaveAttribute('aria-expanded', 'true');
      await expect(link).toBeVisible();
      await link.click();
      await expect(page).toHaveURL(/\/login$/);
      await expect(link).toBeHidden();
    } else {
      await expect(menu).toBeHidden();
      await expect(link.last()).toBeVisible();
    }
  });
}
