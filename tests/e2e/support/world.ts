/**
 * Test data for the browser suites, made through the public API only: fresh users
 * (so no suite spends the demo accounts' sign-in budget), a donor's foods and a
 * request. `signInAs` hands a user's session cookies to a page.
 */
import { expect, request, test, type APIRequestContext, type Cookie, type Page } from '@playwright/test';

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
  const api = await request.newContext({ baseURL: baseURL() });
  const res = await api.post('/api/auth/sign-up/email', {
    data: { name, email, password, image: `${baseURL()}/images/demo/donor-carla.svg` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { cookies } = await api.storageState();
  return { name, email, password, cookies, api };
}

async function addFood(api: APIRequestContext, FoodName: string): Promise<string> {
  const res = await api.post('/api/foods', {
    data: {
      FoodName,
      FoodImage: `${baseURL()}/images/demo/fresh-apples.svg`,
      FoodQuantity: 3,
      PickupLocation: '12 Elm Street',
      ExpiredDateTime: isoInDays(6),
      AdditionalNotes: 'Picked this morning.',
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { insertedId: string }).insertedId;
}

/** Makes the world of {@link World}; call it once per spec file, in `beforeAll`. */
export async function makeWorld(): Promise<World> {
  const donor = await newPerson('Dora Donor');
  const requester = await newPerson('Rafa Requester');
  const newcomer = await newPerson('Nell Newcomer');
  const foodName = `Crisp Apples ${Date.now().toString(36)}`;
  const foodId = await addFood(donor.api, foodName);
  const quietFoodId = await addFood(donor.api, `Quiet Pears ${Date.now().toString(36)}`);
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
