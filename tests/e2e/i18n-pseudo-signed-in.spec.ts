// The pseudo-locale on the signed-in pages (docs/translating.md): a donor's and a requester's pages, a
// SweetAlert2 confirmation and its answer show no text outside the message catalog.
import { expect, test } from '@playwright/test';
import { untranslatedTexts } from './support/pseudo.js';
import { listFood, newPerson, pageFor } from './support/world.js';

test('the pseudo-locale shows no text outside the catalog on the signed-in pages and a confirmation', async ({ browser, baseURL }) => {
  const donor = await newPerson('Pia Pseudo');
  const asker = await newPerson('Quinn Quill');
  const foodName = `Soup ${Date.now().toString(36)}`;
  const foodId = await listFood(donor.api, { FoodName: foodName, FoodQuantity: 3 });
  const res = await asker.api.post('/api/requests', { data: { FoodId: foodId, AdditionalNotes: '' } });
  expect(res.ok(), await res.text()).toBe(true);
  await Promise.all([donor.api.dispose(), asker.api.dispose()]);
  // Data, not interface: the listing's fields and the people's names (listFood's defaults), and the
  // user agent of the API client that signed the donor up (/account lists the sessions).
  const data = [foodName, 'Picked this morning.', '12 Elm Street', donor.name, asker.name, 'Plateful', 'Playwright/'];
  const walk = async (person: typeof donor, paths: string[]) => {
    const page = await pageFor(browser, person);
    await page.context().addCookies([{ name: 'lang', value: 'pseudo', url: baseURL! }]);
    for (const path of paths) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toContainText('[');
      await expect(page.getByRole('status', { name: /^\[/ })).toHaveCount(0);
      expect(await untranslatedTexts(page, data), path).toEqual([]);
    }
    return page;
  };
  const donorPaths = ['/add-food', `/update-food/${foodId}`, `/manage-food/${foodId}`, '/notifications', '/profile', '/account', '/settings/notifications', '/wanted', '/manage-my-foods'];
  const page = await walk(donor, donorPaths);
  await page.getByRole('row', { name: new RegExp(foodName) }).getByRole('button', { name: /^\[Đéĺéţé/ }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  expect(await untranslatedTexts(page, data), 'the delete confirmation').toEqual([]);
  await page.getByRole('dialog').getByRole('button', { name: /^\[Çàñçéĺ/ }).click();
  await expect(page.getByRole('dialog')).toContainText('[');
  expect(await untranslatedTexts(page, data), 'the cancelled answer').toEqual([]);
  await walk(asker, ['/my-food-request']);
});
