// GET /api/logout (SPEC.md §7) ends a session only for Plateful's own pages and the
// CORS_ORIGINS clients' fetches, never for an image or another site's
// link. Real origins, no `page.route`: a second HTTP server answers both as
// http://127.0.0.1:<port> (another site than the app's localhost) and as
// CLIENT_ORIGIN http://localhost:<port> (same site, listed in CORS_ORIGINS), and
// Chromium sends its own Fetch Metadata and SameSite=Lax cookies.
import { createServer, type Server } from 'node:http';
import { expect, test, type Page } from '@playwright/test';
import { CLIENT_ORIGIN, CLIENT_PORT } from '../support/e2e-env.js';
import { baseURL, newPerson, signInAs } from './support/world.js';

const FOREIGN_SITE = `http://127.0.0.1:${CLIENT_PORT}`;

let server: Server;
test.beforeAll(async () => {
  const app = baseURL();
  server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html lang="en"><title>Prize</title>
<h1>You won a prize</h1>
<img alt="prize banner" src="${app}/api/logout">
<a href="${app}/api/logout">Claim your prize</a>`);
  });
  // Dual-stack on all interfaces: reached as localhost and as 127.0.0.1.
  await new Promise<void>((resolve) => server.listen(CLIENT_PORT, () => resolve()));
});
test.afterAll(async () => {
  await new Promise((resolve) => server.close(resolve));
});

/** The email of the session the page's browser holds at the app, or null. */
async function sessionEmail(page: Page): Promise<string | null> {
  const res = await page.context().request.get(`${baseURL()}/api/auth/get-session`);
  const body = (await res.json()) as { user?: { email: string } } | null;
  return body?.user?.email ?? null;
}

/** Waits until the page's images have loaded or failed (the logout image included). */
async function imagesSettled(page: Page): Promise<void> {
  await expect.poll(() => page.evaluate(() => [...document.images].every((img) => img.complete))).toBe(true);
}

test('another site’s image and link do not sign you out; Plateful’s own fetch and a CORS_ORIGINS client’s do', async ({ page }) => {
  const person = await newPerson('Lou Logout');
  const client = await newPerson('Cora Cors');
  await person.api.dispose();
  await client.api.dispose();
  await signInAs(page, person);
  expect(await sessionEmail(page)).toBe(person.email);

  // Another site: its image loads /api/logout, then the person follows its link (a top-level navigation).
  await page.goto(FOREIGN_SITE);
  await imagesSettled(page);
  await page.getByRole('link', { name: 'Claim your prize' }).click();
  await page.waitForURL(`${baseURL()}/api/logout`);
  expect(await sessionEmail(page)).toBe(person.email);

  // The same site on another origin (a CORS_ORIGINS client): its image does not sign out either.
  await page.goto(CLIENT_ORIGIN);
  await imagesSettled(page);
  expect(await sessionEmail(page)).toBe(person.email);

  // An image on Plateful's own page does not; the app's own fetch does (SPEC.md §4 logout).
  await page.goto(baseURL());
  await page.evaluate(async (src) => {
    const img = new Image();
    img.src = src;
    await new Promise((done) => ((img.onload = done), (img.onerror = done)));
  }, `${baseURL()}/api/logout?via=image`);
  expect(await sessionEmail(page)).toBe(person.email);
  const status = await page.evaluate(async () => (await fetch('/api/logout', { credentials: 'include' })).status);
  expect(status).toBe(200);
  expect(await sessionEmail(page)).toBeNull();

  // A CORS_ORIGINS client signs out with a credentialed fetch.
  await signInAs(page, client);
  expect(await sessionEmail(page)).toBe(client.email);
  await page.goto(CLIENT_ORIGIN);
  const remote = await page.evaluate(async (url) => (await fetch(url, { credentials: 'include' })).status, `${baseURL()}/api/logout`);
  expect(remote).toBe(200);
  expect(await sessionEmail(page)).toBeNull();
});
