// The `/food/{id}` page as a crawler and the web client read it: a donor's text holding
// `String.prototype.replace` substitution patterns (`$'`, `` $` ``, `$&`, `$$`) in every
// field and in the path stays text (the embedded JSON parses to the food, the card's
// attributes are intact, the page has one module script), and an unknown listing answers
// 404 with the same app shell, so the client still renders its not-found text.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Food } from '../../../src/contract/index.js';
import { EMBEDDED_FOOD_ID, PageRenderer } from '../../../src/server/previews/page.js';
import { sitePreview } from '../../../src/server/previews/routes.js';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

const PUBLIC_URL = 'https://plateful.example';
const PATTERNS = "A$'B$`C$&D$$E";
const EVIL = `${PATTERNS}<img src=x onerror=alert(1)>"'`;

const decode = (s: string) =>
  s.replace(/&(lt|gt|quot|#39|amp);/g, (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!);

/** The `content` of `<meta property|name="key">` in `html`, decoded; undefined when absent. */
function meta(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)" />`).exec(html);
  return m ? decode(m[1]!) : undefined;
}

/** The food embedded in `html`, parsed. */
function embedded(html: string): unknown {
  const all = [...html.matchAll(new RegExp(`<script type="application/json" id="${EMBEDDED_FOOD_ID}">(.*?)</script>`, 'gs'))];
  expect(all).toHaveLength(1);
  return JSON.parse(all[0]![1]!);
}

/** What an injected `<img>` would look like if the page let it out of its attribute or JSON. */
const hasInjectedElement = (html: string) => /<img src=x/.test(html);

describe('the food page built from the client\'s index.html', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'plateful-page-'));
  writeFileSync(path.join(dir, 'index.html'), readFileSync('src/web/index.html', 'utf8'));
  const renderer = new PageRenderer(dir);

  it('keeps substitution patterns in every field and in the path as text', () => {
    const food = {
      _id: '6f1c2a4e-1111-4222-8333-444455556666',
      FoodName: EVIL,
      FoodImage: `https://images.example.org/${encodeURIComponent(PATTERNS)}$'.jpg`,
      FoodQuantity: 2,
      PickupLocation: EVIL,
      ExpiredDateTime: '2030-01-01',
      AdditionalNotes: EVIL,
      Donator: { Name: EVIL, Image: `https://images.example.org/$&.png`, _id: 'donor' },
      FoodStatus: 'Available',
    } as Food;
    const page = `/food/${PATTERNS}`;
    const preview = { title: EVIL, description: EVIL, url: `${PUBLIC_URL}${page}`, image: `${PUBLIC_URL}/api/previews/x$'`, imageAlt: EVIL };
    const html = renderer.render(page, preview, food);
    expect(embedded(html)).toEqual(food);
    for (const key of ['og:title', 'og:description', 'og:image:alt', 'twitter:title', 'twitter:description']) expect(meta(html, key), key).toBe(EVIL);
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}${page}`);
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/api/previews/x$'`);
    expect(html.match(/<script type="module"/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
    expect(html.match(/<div id="root"><\/div>/g)).toHaveLength(1);
    expect(hasInjectedElement(html)).toBe(false);
    // The site's own pages too: a path of patterns stays in its attribute.
    const site = renderer.render(page, sitePreview(PUBLIC_URL, page));
    expect(meta(site, 'og:url')).toBe(`${PUBLIC_URL}${page}`);
    expect(site.match(/<script type="module"/g)).toHaveLength(1);
  });
});

describe.each(BACKENDS)('the food page over HTTP on %s', (backend) => {
  let t: TestApp;
  let donor: Person;

  beforeAll(async () => {
    t = await startApp(backend, { PUBLIC_URL });
    donor = await signUp(t.app, 'Dana Donor');
  });
  afterAll(async () => t?.close());

  const page = (url: string) => t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });

  it('answers a listing whose fields hold substitution patterns with its JSON and card intact', async () => {
    const body = foodBody({ FoodName: EVIL, AdditionalNotes: EVIL, PickupLocation: EVIL, FoodImage: `https://images.example.org/${PATTERNS}.jpg` });
    const created = await call(t.app, 'POST', '/api/foods', donor, body);
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().insertedId as string;
    const res = await page(`/food/${id}`);
    expect(res.statusCode).toBe(200);
    expect(embedded(res.body)).toEqual((await call(t.app, 'GET', `/api/foods/${id}`)).json());
    expect((embedded(res.body) as Food).FoodImage).toBe(body.FoodImage);
    expect(meta(res.body, 'og:title')).toBe(EVIL);
    expect(meta(res.body, 'og:image:alt')).toBe(EVIL);
    expect(meta(res.body, 'og:description')).toMatch(/^Quantity 5 · expires .+\. Shared by Dana Donor on Plateful\.$/);
    expect(res.body.match(/<\/head>/g)).toHaveLength(1);
    expect(hasInjectedElement(res.body)).toBe(false);
  });

  it('answers 404 with the app shell for an unknown, malformed or hidden listing; 200 for a collected one', async () => {
    const hidden = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Hidden Muffins' }))).json().insertedId;
    await t.app.db.execute(sql`update foods set hidden_at = now() where id = ${hidden}`);
    for (const url of ['/food/00000000-0000-4000-8000-000000000000', '/food/not-an-id', `/food/${hidden}`, `/food/${encodeURIComponent(PATTERNS)}`]) {
      const res = await page(url);
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toContain('<div id="root"></div>');
      expect(meta(res.body, 'og:title')).toBe('This food is no longer available');
      expect(res.body).not.toContain(EMBEDDED_FOOD_ID);
    }
    const expired = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Old Bagels' }, -1))).json().insertedId;
    expect((await page(`/food/${expired}`)).statusCode).toBe(200);
  });
});
