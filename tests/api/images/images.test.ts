// `/api/images`: uploads decided from the bytes, metadata stripped,
// bombs refused from the header, content-addressed storage, cache headers.
import { sql } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { BACKENDS, call, signUp, startApp, type Person, type TestApp } from '../harness.js';
import { jpegWithGps, photo, storedImages, upload } from './support.js';

describe.each(BACKENDS)('images API on %s', (backend) => {
  let t: TestApp;
  let donor: Person;

  beforeAll(async () => {
    t = await startApp(backend);
    donor = await signUp(t.app, 'Pia Photo');
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const count = () => storedImages(t.app);

  it('strips EXIF (GPS), XMP and ICC from a phone JPEG and fits it within 1600 px', async () => {
    const original = await jpegWithGps(3000, 2000);
    const before = await sharp(original).metadata();
    expect(before.exif).toBeDefined();
    expect(before.xmp).toBeDefined();

    const res = await upload(t.app, donor, original);
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      url: expect.stringMatching(/^\/api\/images\/[A-Za-z0-9_-]{43}$/),
      width: 1600,
      height: 1067,
      placeholder: expect.stringMatching(/^data:image\/png;base64,/),
    });

    const served = await get(body.url);
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const meta = await sharp(served.rawPayload).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 1600, height: 1067 });
    expect(meta.exif).toBeUndefined();
    expect(meta.xmp).toBeUndefined();
    expect(meta.iptc).toBeUndefined();
    expect(meta.icc).toBeUndefined();
    expect(served.rawPayload.includes(Buffer.from('PlatefulCam'))).toBe(false);

    const small = await get(`${body.url}?w=320`);
    expect((await sharp(small.rawPayload).metadata()).width).toBe(320);
  });

  it('applies the EXIF orientation', async () => {
    // Stored 400 × 200 landscape, tagged "rotate 90° clockwise": shown 200 × 400 portrait.
    const res = await upload(t.app, donor, await jpegWithGps(400, 200, 6));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 200, height: 400 });
    const meta = await sharp((await get(res.json().url)).rawPayload).metadata();
    expect([meta.width, meta.height, meta.orientation]).toEqual([200, 400, undefined]);
  });

  it.each([
    ['png', (s: Sharp) => s.png()],
    ['webp', (s: Sharp) => s.webp()],
    ['avif', (s: Sharp) => s.avif({ effort: 0 })],
    ['gif', (s: Sharp) => s.gif()],
  ])('accepts %s, whatever the declared name and type', async (format, encode) => {
    const bytes = await encode(await photo(300, 200, format.length)).toBuffer();
    const res = await upload(t.app, donor, bytes, { filename: 'x.txt', type: 'text/plain' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 300, height: 200 });
    expect((await get(res.json().url)).headers['content-type']).toBe('image/webp');
  });

  it('takes the first frame of an animated GIF', async () => {
    const frame = (background: string) =>
      sharp({ create: { width: 40, height: 120, channels: 3, background } }).png().toBuffer();
    const frames = [await frame('#0000ff'), await frame('#ff0000'), await frame('#00ff00')];
    const animated = await sharp(frames, { join: { animated: true } }).gif().toBuffer();
    expect((await sharp(animated).metadata()).pages).toBe(3);
    const res = await upload(t.app, donor, animated);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ width: 40, height: 120 });
    const { dominant } = await sharp((await get(res.json().url)).rawPayload).stats();
    expect(dominant.b).toBeGreaterThan(200);
    expect(dominant.r).toBeLessThan(50);
  });

  it('refuses a text file named .jpg, an SVG and a truncated JPEG with 400, storing nothing', async () => {
    const stored = await count();
    const jpeg = await (await photo(800, 600)).jpeg().toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect width="100" height="100"/></svg>');
    for (const [bytes, filename, type] of [
      [Buffer.from('just some text, honestly\n'.repeat(20)), 'photo.jpg', 'image/jpeg'],
      [svg, 'drawing.svg', 'image/svg+xml'],
      [jpeg.subarray(0, Math.floor(jpeg.length / 2)), 'cut.jpg', 'image/jpeg'],
    ] as const) {
      const res = await upload(t.app, donor, bytes, { filename, type });
      expect(res.statusCode, filename).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().status).toBe(400);
    }
    expect(await count()).toBe(stored);
  });

  it('refuses a 60-megapixel PNG with 400 from its header, without decoding it', async () => {
    const bomb = await sharp({ create: { width: 10_000, height: 6_000, channels: 3, background: '#fff' } })
      .png({ compressionLevel: 9 })
      .toBuffer();
    const started = performance.now();
    const res = await upload(t.app, donor, bomb, { filename: 'bomb.png', type: 'image/png' });
    const ms = performance.now() - started;
    expect(res.statusCode).toBe(400);
    expect(res.json().detail).toMatch(/40 megapixels/);
    // Decoding 60 MP would take seconds; the header check takes milliseconds. Generous bound for a busy machine.
    expect(ms).toBeLessThan(1000);
  });

  it('refuses anonymous uploads with 401 and a request without a file part with 400', async () => {
    const bytes = await (await photo(50, 50)).png().toBuffer();
    expect((await upload(t.app, null, bytes)).statusCode).toBe(401);
    expect((await upload(t.app, donor, bytes, { name: 'other' })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/api/images', donor, { file: 'x' })).statusCode).toBe(400);
  });

  it('stores the same photo twice once', async () => {
    const bytes = await (await photo(640, 480, 9)).jpeg().toBuffer();
    const first = (await upload(t.app, donor, bytes)).json();
    const stored = await count();
    const second = await upload(t.app, await signUp(t.app, 'Sam Same'), bytes);
    expect(second.statusCode).toBe(201);
    expect(second.json()).toEqual(first);
    expect(await count()).toBe(stored);
  });

  it('serves for ever-caching with ETag, 304, nosniff and CORP cross-origin', async () => {
    const { url } = (await upload(t.app, donor, await (await photo(700, 500, 3)).png().toBuffer())).json();
    const res = await get(`${url}?w=640`);
    expect(res.statusCode).toBe(200);
    expect(res.headers).toMatchObject({
      'cache-control': 'public, max-age=31536000, immutable',
      'content-type': 'image/webp',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'cross-origin',
      etag: expect.stringMatching(/^".+-640"$/),
    });
    const again = await get(`${url}?w=640`, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect((await get(`${url}?w=1024`, { 'if-none-match': String(res.headers.etag) })).statusCode).toBe(200);

    const meta = await get(`${url}/meta`);
    expect(meta.json()).toMatchObject({ url, width: 700, height: 500 });
    expect((await get(`${url}?w=500`)).statusCode).toBe(400);
    expect((await get(`/api/images/${'A'.repeat(43)}`)).statusCode).toBe(404);
    expect((await get('/api/images/not-an-id')).statusCode).toBe(400);
  });

  it('keys image ids with the server secret: the SHA-256 of a known file finds nothing, the same file gets the same id', async () => {
    const bytes = await (await photo(300, 200, 55)).jpeg().toBuffer();
    const first = await upload(t.app, donor, bytes);
    expect(first.statusCode).toBe(201);
    const id = first.json().url.split('/').pop();
    const sha = createHash('sha256').update(bytes).digest('base64url');
    expect(id).not.toBe(sha);
    expect((await get(`/api/images/${sha}`)).statusCode).toBe(404);
    expect((await get(`/api/images/${sha}/meta`)).statusCode).toBe(404);
    expect((await upload(t.app, donor, bytes)).json().url).toBe(first.json().url);

    // Rows stored under the plain SHA-256 before ids were keyed are still served.
    const legacy = 'L'.repeat(43);
    await t.app.db.execute(sql`insert into images (id, width, height, placeholder) values (${legacy}, 2, 1, 'AAAA')`);
    await t.app.db.execute(sql`insert into image_variants (image_id, size, content_type, bytes) values (${legacy}, 1600, 'image/webp', ${Buffer.from('RIFFlegacy')})`);
    expect((await get(`/api/images/${legacy}`)).rawPayload.toString()).toBe('RIFFlegacy');
  });
});
