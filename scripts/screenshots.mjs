// `npm run screenshots`: full-page screenshots of every route of SPEC.md §2 at 375,
// 768 and 1280 px, signed out and signed in with data, taken in Debian's Chromium
// against the built app (fresh in-memory database with demo data), written to
// screenshots/<width>/<route>.png (git ignores the folder).
// Options: SCREENSHOTS_PORT (default 3321), CHROMIUM_PATH; SCREENSHOTS_LANG=ar (any shipped locale, or
// pseudo) takes them in that language (the picker's `lang` cookie), into screenshots/<lang>/<width>/.
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, request } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, someFoodId, startBuiltServer } from './built-server.mjs';

const WIDTHS = [375, 768, 1280];
const LANG = process.env.SCREENSHOTS_LANG;
const OUT = path.resolve('screenshots', LANG ?? '');

/** Registers a user through the API; returns their API context (its cookies are their session). */
async function newUser(origin, name) {
  const api = await request.newContext({ baseURL: origin });
  const email = `${name.toLowerCase()}.${Date.now().toString(36)}@example.org`;
  const res = await api.post('/api/auth/sign-up/email', {
    data: { name, email, password: `pass-${email}`, image: `${origin}/images/demo/donor-ben.svg` },
  });
  if (!res.ok()) throw new Error(`sign-up failed: ${res.status()} ${await res.text()}`);
  return api;
}

const server = await startBuiltServer(Number(process.env.SCREENSHOTS_PORT ?? 3321));
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS });
try {
  // A donor with a food that has a request, so every table has a row.
  const donor = await newUser(server.origin, 'Dora');
  const requester = await newUser(server.origin, 'Rafa');
  const { insertedId: foodId } = await (
    await donor.post('/api/foods', {
      data: {
        FoodName: 'Garden Tomatoes',
        FoodImage: `${server.origin}/images/demo/garden-tomatoes.svg`,
        FoodQuantity: 4,
        PickupLocation: '12 Elm Street, Riverside',
        ExpiredDateTime: new Date(Date.now() + 5 * 864e5).toISOString().slice(0, 10),
        AdditionalNotes: 'Ripe today.',
      },
    })
  ).json();
  await requester.post('/api/requests', { data: { FoodId: foodId, DonationMoney: '$5' } });

  const demoFood = await someFoodId(server.origin);
  const signedOut = { home: '/', login: '/login', register: '/register', 'available-foods': '/available-foods', 'food-detail': `/food/${demoFood}`, 'not-found': '/no/such/page' };
  const asDonor = { 'add-food': '/add-food', 'manage-my-foods': '/manage-my-foods', 'update-food': `/update-food/${foodId}`, 'manage-food': `/manage-food/${foodId}` };
  const asRequester = { 'my-food-request': '/my-food-request' };
  const sessions = [
    [signedOut, undefined],
    [asDonor, await donor.storageState()],
    [asRequester, await requester.storageState()],
  ];

  for (const width of WIDTHS) {
    mkdirSync(path.join(OUT, String(width)), { recursive: true });
    for (const [routes, storageState] of sessions) {
      const context = await browser.newContext({ baseURL: server.origin, viewport: { width, height: 900 }, storageState });
      if (LANG) await context.addCookies([{ name: 'lang', value: LANG, url: server.origin }]);
      const page = await context.newPage();
      for (const [name, route] of Object.entries(routes)) {
        await page.goto(route);
        await page.getByRole('heading', { level: 1 }).first().waitFor();
        await page.getByRole('status', { name: 'Loading' }).waitFor({ state: 'detached' });
        // A full-page shot does not scroll, so lazy images below the fold are loaded first.
        await page.evaluate(() => document.querySelectorAll('img[loading="lazy"]').forEach((img) => (img.loading = 'eager')));
        await page.waitForFunction(() => [...document.images].every((img) => img.complete));
        await page.screenshot({ path: path.join(OUT, String(width), `${name}.png`), fullPage: true });
      }
      await context.close();
    }
  }
  console.log(`Screenshots of ${Object.keys({ ...signedOut, ...asDonor, ...asRequester }).length} routes at ${WIDTHS.join(', ')} px in ${OUT}/<width>/`);
} finally {
  await browser.close();
  await server.stop();
}
