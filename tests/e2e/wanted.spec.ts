// Wanted posts: a person posts "what they need" from /wanted with the keyboard only; a donor lists a
// matching food (the poster's bell says so), opens the post and answers it with that listing (a
// refusal, a listing that answered already, is said in words); the poster sees the answer on the post's page and in their notifications, and deletes the post.
// Axe-clean at 375 and 1280 px, nothing wider than a 375 px phone.
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, expectNoAxeViolationsAtBothWidths } from './support/axe.js';
import { tabTo } from './support/keyboard.js';
import { listFood, newPerson, pageFor, signInAs } from './support/world.js';

const run = Date.now().toString(36);
const title = `Baby formula ${run}, any brand`;
const formula = `Baby formula ${run} (Aptamil)`;
// A place of its own, far from the demo listings and other specs' points.
const HOME = { Lat: 64.1466, Lng: -21.9426 };
const bell = (page: Page) => page.getByRole('link', { name: /^Notifications, \d+ unread$/ });

/** Fails when anything on the page is wider than the 375 px viewport. */
async function expectNoOverflow(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
}

test('a Wanted post posted with the keyboard, answered by a donor\'s listing, seen by its poster', async ({ page, browser }) => {
  test.setTimeout(150_000);
  // A retry works 20 km east (0.4° of longitude at 64° N), away from the post a failed attempt left.
  const AT = { Lat: HOME.Lat, Lng: HOME.Lng + 0.4 * test.info().retry };
  const poster = await newPerson('Paula Poster');
  const donor = await newPerson('Dmitri Donor');

  // A visitor sees the list and is asked to log in before posting.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Wanted posts: ask for food you need' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Wanted posts' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Log in to post what you need' })).toBeVisible();

  // The poster, on a phone, near their place: nothing asked for here yet.
  await signInAs(page, poster);
  await page.goto(`/wanted?near=${AT.Lat},${AT.Lng}&place=Reykjavik&radius=5`);
  await expect(page.getByText('Nobody is asking for food here right now.')).toBeVisible();
  await expectNoAxeViolations(page);

  // Keyboard only: open the form, fill it, send it.
  const open = page.getByRole('button', { name: 'Post what you need' });
  await tabTo(page, open);
  await page.keyboard.press('Enter');
  await tabTo(page, page.getByLabel('Title', { exact: true }));
  await page.keyboard.type(title);
  await page.keyboard.press('Tab');
  await expect(page.getByLabel('Details (optional)')).toBeFocused();
  await page.keyboard.type('For a three-month-old; an opened tin is fine.');
  await expect(page.getByText('Near Reykjavik. Others see only the area around it, never the exact point.')).toBeVisible();
  await expectNoOverflow(page);
  await expectNoAxeViolations(page);
  await tabTo(page, page.getByRole('button', { name: 'Post what you need' }));
  await page.keyboard.press('Enter');
  await expect(page.getByText('Your Wanted post is up.')).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  const wantedUrl = page.url();
  expect(wantedUrl).toMatch(/\/wanted\/[0-9a-f-]{36}$/);
  await expect(page.getByText('No listing has answered yet.')).toBeVisible();
  await expect(page.getByText('5 km of the area on the map')).toBeVisible();
  await expectNoOverflow(page);
  await expectNoAxeViolationsAtBothWidths(page);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 0 unread');

  // The list near the place shows it, and so does the poster's own list above it.
  await page.goto(`/wanted?near=${AT.Lat},${AT.Lng}&place=Reykjavik&radius=5`);
  await expect(page.getByRole('article').getByRole('link', { name: title })).toHaveAttribute('href', new URL(wantedUrl).pathname);
  await expect(page.getByRole('region', { name: 'Your Wanted posts' }).getByRole('link', { name: title })).toHaveAttribute('href', new URL(wantedUrl).pathname);
  await expectNoAxeViolationsAtBothWidths(page);

  // A donor lists a matching food there: the poster is told at once.
  const foodId = await listFood(donor.api, { FoodName: formula, Location: { Lat: AT.Lat + 0.01, Lng: AT.Lng } });
  const riceId = await listFood(donor.api, { FoodName: `Rice pudding ${run}`, Location: AT });
  await page.goto(wantedUrl);
  await expect(bell(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 20_000 });

  // The donor answers the post with it, on a phone; the report dialog is one click away.
  const donorPage = await pageFor(browser, donor, 375);
  await donorPage.goto(wantedUrl);
  const answer = donorPage.getByRole('region', { name: 'Have it? Answer with one of your listings' });
  await expect(answer.getByRole('option', { name: formula })).toBeAttached();
  await expectNoAxeViolations(donorPage);
  await donorPage.getByRole('button', { name: `Report ${title}` }).click();
  await expect(donorPage.getByRole('dialog', { name: `Report ${title}` })).toBeVisible();
  await expectNoAxeViolations(donorPage);
  await donorPage.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click();
  // A refusal is said in words: the pudding answered the post from another tab meanwhile.
  expect((await donor.api.post(`${new URL(wantedUrl).pathname.replace('/wanted', '/api/wanted')}/answers`, { data: { FoodId: riceId } })).status()).toBe(201);
  await donor.api.dispose();
  await answer.getByLabel('Your listing').selectOption(riceId);
  await answer.getByRole('button', { name: 'Answer with this listing' }).click();
  await expect(answer.getByRole('alert')).toHaveText('This listing already answers this Wanted post.');
  await answer.getByLabel('Your listing').selectOption(foodId);
  await answer.getByRole('button', { name: 'Answer with this listing' }).click();
  await expect(donorPage.getByText('Your listing answers this post. Paula Poster is told.')).toBeVisible();
  await expect(donorPage.getByRole('link', { name: formula })).toHaveAttribute('href', `/food/${foodId}`);
  await expect(answer.getByText('You have no available listing to answer with.')).toBeVisible();
  await expectNoOverflow(donorPage);
  await donorPage.context().close();

  // The poster sees the answer on the post's page and in their notifications.
  await page.setViewportSize({ width: 1280, height: 900 });
  // The match, and the two answers from one donor folded into one notice.
  await expect(bell(page)).toHaveAccessibleName('Notifications, 2 unread', { timeout: 20_000 });
  await page.reload();
  const answered = page.getByRole('region', { name: 'Listings that answered' }).getByRole('listitem');
  await expect(answered).toHaveCount(2);
  await expect(answered.filter({ hasText: formula }).getByRole('link', { name: formula })).toBeVisible();
  await expect(answered.filter({ hasText: formula }).getByText(/offered to Paula Poster first until/)).toBeVisible();
  await bell(page).click();
  const notice = page.getByRole('listitem').filter({ hasText: formula }).getByRole('link', { name: 'Dmitri Donor answered your Wanted post' });
  await expect(notice).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`${formula.replace(/[()]/g, '\\$&')} may be what you want`) })).toBeVisible();
  await notice.click();
  await expect(page).toHaveURL(new RegExp(`/food/${foodId}$`));
  await expect(page.getByRole('heading', { level: 1, name: formula })).toBeVisible();

  // The poster deletes the post; its page is gone.
  await page.goto(wantedUrl);
  await page.getByRole('button', { name: 'Delete this post' }).click();
  await page.getByRole('button', { name: 'Yes, delete it!' }).click();
  await expect(page.getByText('Your Wanted post is deleted.')).toBeVisible();
  await expect(page).toHaveURL(/\/wanted$/);
  await expect(page.getByRole('region', { name: 'Your Wanted posts' })).toHaveCount(0);
  await page.goto(wantedUrl);
  await expect(page.getByText('This Wanted post does not exist any more. It may have been deleted.')).toBeVisible();
  await poster.api.dispose();
});
