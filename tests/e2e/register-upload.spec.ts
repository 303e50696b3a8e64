// Registration with 'Upload photo' instead of a Photo URL (SPEC.md §2 /register, §5: the photo is
// required; an uploaded photo satisfies it): the form says so, and registering succeeds.
import { expect, test } from '@playwright/test';
import sharp from 'sharp';
import { expectNoAxeViolationsAtBothWidths } from './support/axe.js';
import { newUser } from './support/world.js';

test('registration with an uploaded photo and an empty Photo URL box succeeds', async ({ page }) => {
  const who = newUser('Una Upload', 'una-upload');
  const photo = await sharp({ create: { width: 400, height: 400, channels: 3, background: '#3a7' } }).jpeg().toBuffer();
  await page.goto('/register');
  await expect(page.getByText('A photo is required: enter its URL here, or upload one below. Either way works.')).toBeVisible();
  await expectNoAxeViolationsAtBothWidths(page);
  await page.getByLabel('Name').fill(who.name);
  await page.getByLabel('Upload photo').setInputFiles({ name: 'me.jpg', mimeType: 'image/jpeg', buffer: photo });
  await expect(page.getByLabel('Photo URL')).toHaveValue('');
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Register Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  const avatar = page.getByRole('img', { name: who.name });
  await expect(avatar).toBeVisible();
  await expect(avatar).toHaveAttribute('src', /\/api\/images\//);
  await expect(page.getByText('Photo URL must be an http:// or https:// URL.')).toHaveCount(0);
});
