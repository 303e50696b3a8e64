// The core loop of SPEC.md with the keyboard alone (Tab, Enter, Space, Escape; no
// mouse): skip link, sign-in, adding a food, search, the request dialog (focus
// trapped, Escape returns focus), SweetAlert2 confirmations (focus returns), the
// polite toasts, marking the request delivered.
import { expect, test, type Page } from '@playwright/test';
import { activate, expectVisibleFocus, tabTo } from './support/keyboard.js';
import { isoInDays, newPerson, type Person } from './support/world.js';

test.use({ locale: 'en-US', viewport: { width: 1280, height: 900 } });

async function login(page: Page, who: Person) {
  await page.goto('/login');
  await tabTo(page, page.getByLabel('Email'));
  await page.keyboard.type(who.email);
  await page.keyboard.press('Tab');
  await page.keyboard.type(who.password);
  await page.keyboard.press('Enter');
  const toast = page.getByRole('status').filter({ hasText: 'Login Successful' });
  await expect(toast).toBeVisible();
  await expect(toast).toHaveAttribute('aria-live', 'polite');
}

async function logout(page: Page) {
  await activate(page, page.getByRole('button', { name: 'Logout' }), 'Space');
  await expect(page.getByRole('status').filter({ hasText: 'LogOut Successful' })).toBeVisible();
}

test('the core loop with the keyboard alone', async ({ page }) => {
  // Dozens of Tab presses, each checked; fresh (unverified) users also tab past the
  // verification banner's two buttons on every page.
  test.setTimeout(120_000);
  const donor = await newPerson('Kira Keys');
  const neighbour = await newPerson('Tab Neighbour');
  const foodName = `Keyboard Soup ${Date.now().toString(36)}`;
  const [year, month, day] = isoInDays(4).split('-');

  // The first Tab reaches the visible skip link, which moves focus to the page.
  await page.goto('/');
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to main content' });
  await expect(skip).toBeVisible();
  await expectVisibleFocus(skip);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  // Donor signs in and adds a food.
  await login(page, donor);
  await activate(page, page.getByRole('link', { name: 'Add Food' }));
  await expect(page.getByRole('heading', { level: 1, name: 'Add Food' })).toBeVisible();
  await tabTo(page, page.getByLabel('Food Name'));
  await page.keyboard.type(foodName);
  await page.keyboard.press('Tab');
  await page.keyboard.type('http://localhost/images/demo/carrots.svg');
  // Past the 'Upload photos' button to the quantity.
  await tabTo(page, page.getByLabel('Food Quantity'));
  await page.keyboard.type('2');
  await page.keyboard.press('Tab');
  await page.keyboard.type(`${month}${day}${year}`);
  await tabTo(page, page.getByLabel('Pickup Location'));
  await page.keyboard.type('3 Key Lane');
  await page.keyboard.press('Tab');
  await page.keyboard.type('Still warm.');
  // The one required choice after the spec's fields: a category, typed into the closed select.
  await tabTo(page, page.getByLabel('Category', { exact: true }));
  await page.keyboard.type('Bread');
  await expect(page.getByLabel('Category', { exact: true })).toHaveValue('Bakery');
  const submit = page.getByRole('button', { name: 'Add Donation' });
  await tabTo(page, submit);
  await expectVisibleFocus(submit);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Food Added!' })).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Food Added!' })).toBeHidden();
  await logout(page);

  // Neighbour finds the food and requests it.
  await login(page, neighbour);
  await activate(page, page.getByRole('link', { name: 'Available Foods' }));
  await tabTo(page, page.getByRole('searchbox'));
  await page.keyboard.type(foodName);
  await page.keyboard.press('Enter');
  await expect(page.getByRole('link', { name: 'View Details' })).toHaveCount(1);
  await activate(page, page.getByRole('link', { name: 'View Details' }));
  await expect(page.getByRole('heading', { level: 1, name: foodName })).toBeVisible();

  const requestButton = page.getByRole('button', { name: 'Request', exact: true });
  await activate(page, requestButton);
  const dialog = page.getByRole('dialog', { name: `Request ${foodName}` });
  await expect(dialog).toBeVisible();
  // Focus stays inside the modal dialog however often Tab is pressed.
  for (let i = 0; i < 8; i++) {
    await page.keyboard.press('Tab');
    expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  }
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(requestButton).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(dialog).toBeVisible();
  await tabTo(page, dialog.getByLabel('Donation Money'));
  await page.keyboard.type('$3');
  await tabTo(page, dialog.getByRole('button', { name: 'Request', exact: true }));
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Request Accepted!' })).toBeVisible();

  await activate(page, page.getByRole('link', { name: 'My Food Request' }));
  const row = page.getByRole('row', { name: new RegExp(foodName) });
  await expect(row.getByRole('cell', { name: '$3', exact: true })).toBeVisible();
  // The cancel confirmation takes focus, Escape keeps the request and returns focus.
  const cancel = row.getByRole('button', { name: 'Cancel Request' });
  await activate(page, cancel);
  const confirm = page.getByRole('dialog', { name: 'You want to cancel this request?' });
  await expect(confirm).toBeVisible();
  await expect(confirm.getByRole('button', { name: 'Cancel', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await expect(cancel).toBeFocused();
  await logout(page);

  // Donor marks the request delivered.
  await login(page, donor);
  await activate(page, page.getByRole('link', { name: 'Manage My Foods' }));
  await activate(page, page.getByRole('row', { name: new RegExp(foodName) }).getByRole('link', { name: 'Manage' }));
  const deliver = page.getByRole('button', { name: 'Mark as Delivered' });
  await activate(page, deliver);
  const ask = page.getByRole('dialog', { name: 'You want to mark this request as delivered?' });
  await expect(ask).toBeVisible();
  await tabTo(page, ask.getByRole('button', { name: 'Yes, mark it!' }), { back: true, max: 4 });
  await page.keyboard.press('Enter');
  await expect(page.getByRole('dialog', { name: 'Updated!' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Delivered' })).toBeDisabled();
});
