// Route guard, saved redirect path, home sections, footer, titles and the 404 page (SPEC.md §1, §2, §8).
import { expect, test } from '@playwright/test';
import { APP_URL } from '../support/e2e-env.js';

test('home shows the hero, featured demo foods, six tips, two testimonials and the footer', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveTitle('Plateful | Home');
  await expect(page.getByRole('link', { name: 'Donate now' })).toHaveAttribute('href', '/add-food');
  await expect(page.getByRole('link', { name: 'View Details' })).toHaveCount(6);
  for (const tip of ['Composting', 'Mindful Shopping', 'Leftover Recipes', 'Proper Storage', 'Portion Control', 'Community Sharing']) {
    await expect(page.getByRole('heading', { name: tip })).toBeVisible();
  }
  await expect(page.getByRole('contentinfo')).toContainText('Copyright © 2024 - All right reserved by Plateful');
});

test('the current page\'s bar link is highlighted in indigo', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const home = page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Home', exact: true }).last();
  await expect(home).toHaveAttribute('aria-current', 'page');
  const [colours, indigo] = await home.evaluate((el) => {
    const probe = document.createElement('span');
    probe.style.color = 'var(--color-indigo-700)';
    probe.style.backgroundColor = 'var(--color-indigo-50)';
    document.body.append(probe);
    const want = [getComputedStyle(probe).color, getComputedStyle(probe).backgroundColor];
    probe.remove();
    return [[getComputedStyle(el).color, getComputedStyle(el).backgroundColor], want];
  });
  expect(colours).toEqual(indigo);
});

test('a protected page sends visitors to login with a toast, then back after sign-in', async ({ page }) => {
  const email = `guard.${Date.now().toString(36)}@example.org`;
  const res = await page.request.post('/api/auth/sign-up/email', {
    data: { name: 'Gia Guard', email, password: 'guard-pass-1', image: `${APP_URL}/images/demo/donor-carla.svg` },
  });
  expect(res.ok()).toBe(true);
  await page.context().clearCookies();

  await page.goto('/manage-my-foods');
  await expect(page.getByText('Access Denied: Please Log In')).toBeVisible();
  await expect(page).toHaveURL(/\/login$/);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill('guard-pass-1');
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await expect(page.getByText('Login Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/manage-my-foods$/);
  await expect(page.getByText("You Don't added any foods")).toBeVisible();
});

test('unknown routes show the 404 page', async ({ page }) => {
  await page.goto('/no/such/page');
  await expect(page.getByRole('heading', { name: '404 - PAGE NOT FOUND' })).toBeVisible();
  await page.getByRole('link', { name: 'GO TO HOMEPAGE' }).click();
  await expect(page).toHaveURL(/\/$/);
});

test('available foods sorts by expiry, descending by default', async ({ page }) => {
  await page.goto('/available-foods');
  const cards = page.getByRole('link', { name: 'View Details' });
  await expect(cards.first()).toBeVisible();
  const toggle = page.getByRole('button', { name: /sort/i });
  await expect(toggle).toContainText(/desc/i);
  await toggle.click();
  await expect(toggle).toContainText(/asc/i);
});
