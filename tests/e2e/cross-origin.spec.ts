// A client of the API on another origin, for real:
// a tiny page served by a second HTTP server on CLIENT_ORIGIN (listed in the app's
// CORS_ORIGINS) changes data with PUT, PATCH and DELETE through credentialed
// fetch, and shows one of the app's images. No `page.route`: Chromium itself
// sends the CORS pre-checks and enforces Cross-Origin-Resource-Policy.
import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { CLIENT_ORIGIN, CLIENT_PORT } from '../support/e2e-env.js';
import { baseURL, isoInDays, newPerson, signInAs } from './support/world.js';

let server: Server;
test.beforeAll(async () => {
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><title>Other client</title>
<h1>Other client</h1>
<img id="photo" alt="Apples from Plateful" src="${baseURL()}/images/demo/fresh-apples.svg">`);
  });
  await new Promise<void>((resolve) => server.listen(CLIENT_PORT, 'localhost', () => resolve()));
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

test('a page on an allowed origin uses PUT, PATCH and DELETE with credentials and shows the app images', async ({ page }) => {
  const app = baseURL();
  const donor = await newPerson('Otto Origin');
  const requester = await newPerson('Rhea Remote');
  await signInAs(page, donor);
  await page.goto(CLIENT_ORIGIN);
  expect(new URL(page.url()).origin).not.toBe(new URL(app).origin);

  // The app's image shows on the other origin (CORP cross-origin).
  const photo = page.getByRole('img', { name: 'Apples from Plateful' });
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);

  type Answer = { status: number; body: string };
  const call = (method: string, path: string, body?: unknown) =>
    page.evaluate(
      async ({ url, method, body }): Promise<Answer> => {
        const res = await fetch(url, {
          method,
          credentials: 'include',
          headers: body === undefined ? {} : { 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        return { status: res.status, body: await res.text() };
      },
      { url: `${app}${path}`, method, body },
    );

  const food = {
    FoodName: `Remote Plums ${Date.now().toString(36)}`,
    FoodImage: `${app}/images/demo/fresh-apples.svg`,
    FoodQuantity: 4,
    PickupLocation: '3 Far Lane',
    ExpiredDateTime: isoInDays(5),
    AdditionalNotes: 'From another origin.',
  };
  const created = await call('POST', '/api/foods', food);
  expect(created.status, created.body).toBe(201);
  const foodId = (JSON.parse(created.body) as { insertedId: string }).insertedId;

  const put = await call('PUT', `/api/foods/${foodId}`, { ...food, FoodQuantity: 5 });
  expect(put.status, put.body).toBe(200);
  expect(JSON.parse(put.body)).toMatchObject({ acknowledged: true, modifiedCount: 1 });

  const asked = await requester.api.post('/api/requests', { data: { FoodId: foodId, AdditionalNotes: '' } });
  expect(asked.ok(), await asked.text()).toBe(true);
  const requestId = ((await asked.json()) as { insertedId: string }).insertedId;
  await requester.api.dispose();
  await donor.api.dispose();

  const patched = await call('PATCH', `/api/requests/${requestId}`, { Status: 'Delivered' });
  expect(patched.status, patched.body).toBe(200);

  const deleted = await call('DELETE', `/api/foods/${foodId}`);
  expect(deleted.status, deleted.body).toBe(200);
  expect((await call('GET', `/api/foods/${foodId}`)).status).toBe(404);
});
