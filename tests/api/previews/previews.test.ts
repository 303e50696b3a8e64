// Link previews: `/food/{id}` read as a crawler reads it, without JavaScript:
// escaped Open Graph and Twitter tags, canonical link, no email, the food's JSON for the
// detail page and its photo's preload; the 1200 × 630 JPEG from the stored photo (made
// once) or a drawn card; the neutral card for a listing that can no longer be had; the
// site's card on other pages.
import { sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';
import { photo, upload } from '../images/support.js';

const PUBLIC_URL = 'https://plateful.example';
const NAME = 'Soup & <Bread> "fresh"';

const decode = (s: string) =>
  s.replace(/&(lt|gt|quot|#39|amp);/g, (_m, e: string) => ({ lt: '<', gt: '>', quot: '"', '#39': "'", amp: '&' })[e]!);

/** The `content` of `<meta property|name="key">` in `html`, decoded; undefined when absent. */
function meta(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)" />`).exec(html);
  return m ? decode(m[1]!) : undefined;
}

describe.each(BACKENDS)('link previews on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let withPhoto: string;
  let imageId: string;

  beforeAll(async () => {
    t = await startApp(backend, { PUBLIC_URL });
    donor = await signUp(t.app, 'Dana Donor');
    const up = await upload(t.app, donor, await (await photo(1600, 1200)).jpeg().toBuffer());
    expect(up.statusCode).toBe(201);
    imageId = up.json().url.split('/').pop();
    const res = await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: NAME, FoodQuantity: 3, FoodImage: `${PUBLIC_URL}${up.json().url}` }));
    withPhoto = res.json().insertedId;
  });
  afterAll(async () => t?.close());

  const page = (path: string) => t.app.inject({ method: 'GET', url: path, headers: { accept: 'text/html' } });

  it('answers the food page with escaped card tags, a canonical link and no email', async () => {
    const res = await page(`/food/${withPhoto}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    const html = res.body;
    expect(html).not.toContain('<Bread>');
    expect(html).toContain('Soup &amp; &lt;Bread&gt; &quot;fresh&quot;');
    expect(meta(html, 'og:title')).toBe(NAME);
    expect(meta(html, 'twitter:title')).toBe(NAME);
    const date = new Date(`${foodBody().ExpiredDateTime}T12:00:00`);
    const expiry = `${String(date.getDate()).padStart(2, '0')} ${date.toLocaleString('en-US', { month: 'long' })}, ${date.getFullYear()}`;
    expect(meta(html, 'og:description')).toBe(`Quantity 3 · expires ${expiry}. Shared by Dana Donor on Plateful.`);
    expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}/food/${withPhoto}`);
    expect(meta(html, 'og:type')).toBe('website');
    expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/api/previews/foods/${withPhoto}`);
    expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    expect(html).toContain(`<link rel="canonical" href="${PUBLIC_URL}/food/${withPhoto}" />`);
    expect(html).not.toContain(donor.email);
    // The pickup place is on the page (as the API answers it to anyone), never in the card.
    expect(html.slice(0, html.indexOf('</head>'))).not.toContain('12 Elm Street');
  });

  it('embeds the food as the API answers it to anyone, and preloads its photo', async () => {
    const html = (await page(`/food/${withPhoto}`)).body;
    const json = /<script type="application\/json" id="plateful-food">(.*?)<\/script>/s.exec(html)![1]!;
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual((await call(t.app, 'GET', `/api/foods/${withPhoto}`)).json());
    expect(html).toContain(`<link rel="preload" as="image" href="/api/images/${imageId}?w=640" imagesrcset="/api/images/${imageId}?w=320 320w`);
  });

  it("makes og:image a 1200 × 630 JPEG of the food's stored photo, once", async () => {
    const first = await t.app.inject({ method: 'GET', url: `/api/previews/foods/${withPhoto}` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('image/jpeg');
    expect(await sharp(first.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
    const second = await t.app.inject({ method: 'GET', url: `/api/previews/foods/${withPhoto}` });
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    const stored = await t.app.imageStore.getVariant(t.app.db, imageId, 1200);
    expect(stored?.contentType).toBe('image/jpeg');
    expect(stored?.bytes.equals(first.rawPayload)).toBe(true);
  });

  it('draws a card with the name for a food without a stored photo', async () => {
    const id = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Plain Rice' }))).json().insertedId;
    const html = (await page(`/food/${id}`)).body;
    expect(html).toContain(`<link rel="preload" as="image" href="https://images.example.org/apples.jpg" referrerpolicy="no-referrer"`);
    const res = await t.app.inject({ method: 'GET', url: `/api/previews/foods/${id}` });
    expect(await sharp(res.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });

  it('gives a collected listing, an expired one and an unknown one the neutral card with nothing of the food', async () => {
    const collected = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Taken Bagels' }))).json().insertedId;
    const requester = await signUp(t.app, 'Rita Requester');
    const requestId = (await call(t.app, 'POST', '/api/requests', requester, { FoodId: collected })).json().insertedId;
    expect((await call(t.app, 'PATCH', `/api/requests/${requestId}`, donor, { Status: 'Accepted' })).statusCode).toBe(200);
    expect((await call(t.app, 'PATCH', `/api/requests/${requestId}`, donor, { Status: 'Delivered' })).statusCode).toBe(200);
    expect((await call(t.app, 'GET', `/api/foods/${collected}`)).json().FoodStatus).toBe('Collected');
    const expired = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Old Bagels' }, -1))).json().insertedId;
    for (const path of [`/food/${collected}`, `/food/${expired}`, '/food/00000000-0000-4000-8000-000000000000', '/food/not-an-id']) {
      const html = (await page(path)).body;
      expect(meta(html, 'og:title'), path).toBe('This food is no longer available');
      expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/api/previews/unavailable`);
      expect(html).not.toContain('Bagels');
      expect(html).not.toContain('plateful-food');
    }
    for (const id of [collected, expired]) {
      const card = await t.app.inject({ method: 'GET', url: `/api/previews/foods/${id}` });
      expect(card.rawPayload.equals((await t.app.inject({ method: 'GET', url: '/api/previews/unavailable' })).rawPayload)).toBe(true);
      expect(await sharp(card.rawPayload).metadata()).toMatchObject({ width: 1200, height: 630 });
    }
  });

  it('gives a listing hidden by a moderator the neutral card (hidden listings are shown to nobody else)', async () => {
    const hidden = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Hidden Muffins' }))).json().insertedId;
    expect(meta((await page(`/food/${hidden}`)).body, 'og:title')).toContain('Hidden Muffins');
    await t.app.db.execute(sql`update foods set hidden_at = now() where id = ${hidden}`);
    const html = (await page(`/food/${hidden}`)).body;
    expect(meta(html, 'og:title')).toBe('This food is no longer available');
    expect(html).not.toContain('Muffins');
  });

  it("gives other pages the site's card", async () => {
    for (const path of ['/', '/available-foods']) {
      const html = (await page(path)).body;
      expect(meta(html, 'og:title'), path).toBe('Plateful');
      expect(meta(html, 'og:url')).toBe(`${PUBLIC_URL}${path}`);
      expect(meta(html, 'og:image')).toBe(`${PUBLIC_URL}/api/previews/site`);
      expect(meta(html, 'twitter:card')).toBe('summary_large_image');
    }
    const site = await t.app.inject({ method: 'GET', url: '/api/previews/site' });
    expect(await sharp(site.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: 1200, height: 630 });
  });
});
