// Photos: upload through the file picker on Add Food, preview, reorder
// by keyboard, submit, and see the photos on the card and the detail page; axe clean.
import { expect, test, type Locator } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe.js';
import { isoInDays, newPerson, signInAs, type Person } from './support/world.js';

let donor: Person;
let red: Buffer;
let blue: Buffer;

test.beforeAll(async () => {
  const { api, ...person } = await newPerson('Paula Photo');
  await api.dispose();
  donor = person;
  const make = (background: string) =>
    sharp({ create: { width: 1200, height: 900, channels: 3, background } })
      .jpeg()
      .withExif({ IFD0: { Make: 'E2ECam' } })
      .toBuffer();
  [red, blue] = [await make('#d22'), await make('#22d')];
});

/** True once the browser has decoded `img` (a broken image has natural width 0). */
async function expectLoaded(img: Locator) {
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(0);
}

test('upload two photos on Add Food, reorder them by keyboard, and see them on the card and the detail page', async ({ page }) => {
  await signInAs(page, donor);
  await page.goto('/add-food');
  await page.getByLabel('Upload photos').setInputFiles([
    { name: 'red.jpg', mimeType: 'image/jpeg', buffer: red },
    { name: 'blue.jpg', mimeType: 'image/jpeg', buffer: blue },
  ]);
  const thumbs = page.getByRole('list', { name: 'Uploaded photos' }).getByRole('listitem');
  await expect(thumbs).toHaveCount(2);
  await expectLoaded(page.getByRole('img', { name: 'Photo 1 of 2' }));
  const imageUrl = page.getByLabel('Food Image URL');
  const firstUrl = await imageUrl.inputValue();
  expect(firstUrl).toMatch(/\/api\/images\/[A-Za-z0-9_-]{43}$/);

  // Keyboard only: Tab to "Move right" of photo 1 and press Enter; the blue photo becomes the first.
  await page.getByRole('button', { name: 'Move left, photo 1' }).evaluate((el) => (el as HTMLElement).blur());
  await page.getByRole('button', { name: 'Remove, photo 1' }).focus();
  await page.keyboard.press('Shift+Tab');
  await expect(page.getByRole('button', { name: 'Move right, photo 1' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('status').filter({ hasText: 'Photo moved to position 2 of 2.' })).toBeVisible();
  // Focus stays with the moved photo (now last: its 'Move left').
  await expect(page.getByRole('button', { name: 'Move left, photo 2' })).toBeFocused();
  const secondUrl = await imageUrl.inputValue();
  expect(secondUrl).not.toBe(firstUrl);
  expect(secondUrl).toMatch(/\/api\/images\//);
  await expectNoAxeViolations(page);

  const name = `Photo Plums ${Date.now().toString(36)}`;
  await page.getByLabel('Food Name').fill(name);
  await page.getByLabel('Food Quantity').fill('4');
  await page.getByLabel('Expired Date').fill(isoInDays(365));
  await page.getByLabel('Pickup Location').fill('3 Camera Lane');
  await page.getByLabel('Additional Notes').fill('Photographed this morning.');
  await page.getByLabel('Category', { exact: true }).selectOption('FruitVeg');
  await page.getByRole('button', { name: 'Add Donation' }).click();
  await expect(page.getByRole('dialog', { name: 'Food Added!' })).toBeVisible();
  // The form is empty again, photos included.
  await expect(page.getByRole('list', { name: 'Uploaded photos' })).toHaveCount(0);

  await page.goto('/available-foods');
  const card = page.getByRole('article', { name });
  const cardImage = card.getByRole('img', { name });
  await expect(cardImage).toHaveAttribute('srcset', /\/api\/images\/[A-Za-z0-9_-]{43}\?w=320 320w/);
  await expect(cardImage).toHaveAttribute('sizes', /.+/);
  await cardImage.scrollIntoViewIfNeeded();
  await expectLoaded(cardImage);

  await card.getByRole('link', { name: 'View Details' }).click();
  const photos = page.getByRole('region', { name: 'Photos' });
  await expectLoaded(photos.getByRole('img', { name: `${name}, photo 1 of 2` }));
  await expect(photos.getByRole('button', { name: 'Show photo 1 of 2' })).toHaveAttribute('aria-pressed', 'true');
  await photos.getByRole('button', { name: 'Show photo 2 of 2' }).focus();
  await page.keyboard.press('Enter');
  await expect(photos.getByRole('button', { name: 'Show photo 2 of 2' })).toHaveAttribute('aria-pressed', 'true');
  const large = photos.getByRole('img', { name: `${name}, photo 2 of 2` });
  await expectLoaded(large);
  expect(await large.getAttribute('src')).toContain(new URL(firstUrl).pathname);
  await expectNoAxeViolations(page);
});
