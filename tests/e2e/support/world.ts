/**
 * The fixture library of the browser suites. Test data made through the public API
 * (fresh users, so no suite spends the demo accounts' sign-in budget; a donor's
 * foods and a request; `signInAs` hands a user's session cookies to a page), and
 * the same steps taken in the browser as a person would (`register`, `addFood`).
 */
import { expect, request, test, type APIRequestContext, type Browser, type Cookie, type Page } from '@playwright/test';
import { APP_URL } from '../../support/e2e-env.js';

/** A registered user and the session cookies sign-up gave them. */
export interface Person {
  name: string;
  email: string;
  password: string;
  cookies: Cookie[];
}

/**
 * What the suites look at: a donor with one requested food (`foodId`) and one
 * without requests (`quietFoodId`), a requester whose request has no donation
 * money, and a user with nothing at all (`newcomer`, for the empty states).
 */
export interface World {
  donor: Person;
  requester: Person;
  newcomer: Person;
  foodId: string;
  foodName: string;
  quietFoodId: string;
}

/** The app's origin, as playwright.config.ts sets it. */
export function baseURL(): string {
  const url = test.info().project.use.baseURL;
  if (!url) throw new Error('baseURL is not configured');
  return url;
}

/** A calendar date `days` from today, as `YYYY-MM-DD` in the local time zone. */
export function isoInDays(days: number): string {
  const d = new Date();
  d.setDate(d.getDate() + days);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/** Registers a fresh user through Better Auth and keeps their session cookies. */
export async function newPerson(name: string): Promise<Person & { api: APIRequestContext }> {
  const tag = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const email = `${name.split(' ')[0]!.toLowerCase()}.${tag}@example.org`;
  const password = `pass-${tag}`;
  // Each API-made person comes from an address of its own (TEST-NET-2, RFC 5737) through the
  // test server's trusted loopback proxy, as neighbours do: per-address limits stay per person.
  const address = `198.51.100.${1 + Math.floor(Math.random() * 254)}`;
  const api = await request.newContext({ baseURL: baseURL(), extraHTTPHeaders: { 'X-Forwarded-For': address } });
  const res = await api.post('/api/auth/sign-up/email', {
    data: { name, email, password, image: `${baseURL()}/images/demo/donor-carla.svg` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { cookies } = await api.storageState();
  return { name, email, password, cookies, api };
}

/**
 * Lists a food through the API as the person of `api` (3 Fresh Apples at 12 Elm Street,
 * expiring in 6 days, unless `overrides` says otherwise); returns its id.
 */
export async function listFood(api: APIRequestContext, overrides: Record<string, unknown> = {}): Promise<string> {
  const res = await api.post('/api/foods', {
    data: {
      FoodName: 'Fresh Apples',
      FoodImage: `${baseURL()}/images/demo/fresh-apples.svg`,
      FoodQuantity: 3,
      PickupLocation: '12 Elm Street',
      ExpiredDateTime: isoInDays(6),
      AdditionalNotes: 'Picked this morning.',
      ...overrides,
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

/** A page in a fresh browser context `width` px wide (900 high), with `who`'s session when given. */
export async function pageFor(browser: Browser, who?: Person, width = 1280): Promise<Page> {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await context.newPage();
  if (who) await signInAs(page, who);
  return page;
}

/** Makes the world of {@link World}; call it once per spec file, in `beforeAll`. */
export async function makeWorld(): Promise<World> {
  const donor = await newPerson('Dora Donor');
  const requester = await newPerson('Rafa Requester');
  const newcomer = await newPerson('Nell Newcomer');
  const foodName = `Crisp Apples ${Date.now().toString(36)}`;
  const foodId = await listFood(donor.api, { FoodName: foodName });
  const quietFoodId = await listFood(donor.api, { FoodName: `Quiet Pears ${Date.now().toString(36)}` });
  // No DonationMoney: My Food Request shows 'N/A' for it (SPEC.md §2).
  const res = await requester.api.post('/api/requests', { data: { FoodId: foodId, AdditionalNotes: '' } });
  expect(res.ok(), await res.text()).toBe(true);
  for (const p of [donor, requester, newcomer]) await p.api.dispose();
  const strip = ({ name, email, password, cookies }: Person): Person => ({ name, email, password, cookies });
  return { donor: strip(donor), requester: strip(requester), newcomer: strip(newcomer), foodId, foodName, quietFoodId };
}

/** Gives `page` the session of `person` (no sign-in call, so no rate limit is spent). */
export async function signInAs(page: Page, person: Person): Promise<void> {
  await page.context().addCookies(person.cookies);
}

/** A user to register in the browser. */
export interface NewUser {
  name: string;
  email: string;
  password: string;
  photo: string;
}

const run = Date.now().toString(36);

/** A user no test has registered yet, named `name`; the email carries `tag` and the run id. */
export function newUser(name: string, tag: string, photo = 'donor-ben.svg'): NewUser {
  return { name, email: `${tag}.${run}@example.org`, password: `${tag}-pass-1`, photo: `${APP_URL}/images/demo/${photo}` };
}

/** Registers `who` on /register (SPEC.md §2, §4 "Registration") and waits until they are home with their avatar. */
export async function register(page: Page, who: NewUser): Promise<void> {
  await page.goto('/register');
  await expect(page).toHaveTitle('Plateful | Register');
  await page.getByLabel('Name').fill(who.name);
  await page.getByLabel('Photo URL').fill(who.photo);
  await page.getByLabel('Email').fill(who.email);
  await page.getByLabel('Password').fill(who.password);
  await page.getByRole('button', { name: 'Register' }).click();
  await expect(page.getByText('Register Successful')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('img', { name: who.name })).toBeVisible();
}

/** Fills /add-food (SPEC.md §2) for `foodName` and submits it. */
export async function addFood(page: Page, foodName: string): Promise<void> {
  await page.goto('/add-food');
  await page.getByLabel('Food Name').fill(foodName);
  await page.getByLabel('Food Image URL').fill(`${APP_URL}/images/demo/blueberry-muffins.svg`);
  await page.getByLabel('Food Quantity').fill('2');
  await page.getByLabel('Expired Date').fill(isoInDays(3));
  await page.getByLabel('Pickup Location').fill('1 Elm Street');
  await page.getByLabel('Additional Notes').fill('Freshly baked.');
  await page.getByLabel('Category', { exact: true }).selectOption('Bakery');
  await page.getByRole('button', { name: 'Add Donation' }).click();
}
