// `/api/images`: uploads decided from the bytes, metadata stripped,
// bombs refused from the header, content-addressed storage, cache headers.
import { eq, sql } from 'drizzle-orm';
import sharp, { type Sharp } from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { users } from '../../../src/server/db/schema/index.js';
import { consume } from '../../../src/server/http/limits.js';
import { UPLOAD_LIMIT } from '../../../src/server/images/limits.js';
import { deleteOrphanImages } from '../../../src/server/images/repository.js';
import { BACKENDS, call, deleteAccount, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';
import { jpegWithGps, photo, upload } from './support.js';

describe.each(BACKENDS)('images API on %s', (backend) => {
  let t: TestApp;
  let donor: Person;

  beforeAll(async () => {
    // 8 × 24 MB over a socket on a busy machine may take longer than the default 20 s.
    t = await startApp(backend, { REQUEST_TIMEOUT_MS: '120000' });
    donor = await signUp(t.app, 'Pia Photo');
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
  const count = async () => {
    const result = await t.app.db.execute(sql`select count(*)::int as n from images`);
    const rows = Array.isArray(result) ? result : (result as unknown as { rows: { n: number }[] }).rows;
    return Number((rows[0] as { n: number }).n);
  };

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

  it('refuses 11 MB with 413', async () => {
    const big = Buffer.alloc(11 * 1024 * 1024, 7);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const res = await upload(t.app, donor, big);
    expect(res.statusCode).toBe(413);
    expect(res.headers['content-type']).toContain('application/problem+json');
  });

  it('refuses 8 parallel 24 MB uploads over HTTP with 413 each, storing none', async () => {
    const stored = await count();
    // A real JPEG followed by padding: whatever is read before the limit is a whole, valid photo.
    const jpeg = await (await photo(64, 48, 77)).jpeg().toBuffer();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const big = Buffer.alloc(24 * 1024 * 1024, 7);
    jpeg.copy(big);
    const blob = new Blob([new Uint8Array(big)], { type: 'image/jpeg' });
    // Streamed by fetch in small chunks, as browsers send them: the limit falls inside a chunk.
    const answers = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const form = new FormData();
        form.append('file', blob, 'big.jpg');
        const res = await fetch(`${address}/api/images`, { method: 'POST', headers: { cookie: donor.cookie }, body: form });
        await res.arrayBuffer();
        return res.status;
      }),
    );
    expect(answers).toEqual(Array(8).fill(413));
    expect(await count()).toBe(stored);
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

  it('keeps up to four FoodGallery URLs on a listing, validated like FoodImage', async () => {
    const a = (await upload(t.app, donor, await (await photo(200, 200, 21)).png().toBuffer())).json().url;
    const gallery = [`http://localhost:3000${a}`, 'https://images.example.org/2.jpg'];
    const created = await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodGallery: gallery }));
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().insertedId;
    expect((await call(t.app, 'GET', `/api/foods/${id}`)).json().FoodGallery).toEqual(gallery);

    for (const bad of [Array(5).fill('https://images.example.org/x.jpg'), ['not a url'], ['javascript:alert(1)'], 'https://x.org/a.jpg']) {
      const res = await call(t.app, 'PUT', `/api/foods/${id}`, donor, foodBody({ FoodGallery: bad }));
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toMatch(/^FoodGallery/);
    }
    // A client of the spec leaves the field out: the gallery stays.
    expect((await call(t.app, 'PUT', `/api/foods/${id}`, donor, foodBody())).json().modifiedCount).toBe(0);
    expect((await call(t.app, 'GET', `/api/foods/${id}`)).json().FoodGallery).toEqual(gallery);
    expect((await call(t.app, 'PUT', `/api/foods/${id}`, donor, foodBody({ FoodGallery: [] }))).json().modifiedCount).toBe(1);
    expect((await call(t.app, 'GET', `/api/foods/${id}`)).json()).not.toHaveProperty('FoodGallery');
  });

  it('deletes uploads that no listing or profile used within 24 hours', async () => {
    const up = async (seed: number) =>
      (await upload(t.app, donor, await (await photo(120, 90, 40 + seed)).png().toBuffer())).json().url as string;
    const [listed, inGallery, profile, unused] = [await up(1), await up(2), await up(3), await up(4)];
    const created = await call(t.app, 'POST', '/api/foods', donor, foodBody({
      FoodImage: `http://localhost:3000${listed}`,
      FoodGallery: [`https://plateful.example${inGallery}`],
    }));
    expect(created.statusCode).toBe(201);
    const update = await t.app.inject({
      method: 'POST',
      url: '/api/auth/update-user',
      headers: { cookie: donor.cookie, origin: 'http://localhost:3000' },
      payload: { image: `http://localhost:3000${profile}` },
    });
    expect(update.statusCode).toBe(200);

    expect(await deleteOrphanImages(t.app.db, new Date())).toBe(0);
    expect(await deleteOrphanImages(t.app.db, new Date(Date.now() + 25 * 3600_000))).toBeGreaterThanOrEqual(1);
    expect((await get(unused)).statusCode).toBe(404);
    for (const kept of [listed, inGallery, profile]) expect((await get(kept)).statusCode, kept).toBe(200);
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

  it('caps photo uploads per account at 60 an hour: 429 with the real Retry-After, other accounts unaffected', async () => {
    const busy = await signUp(t.app, 'Busy Uploader');
    const bytes = await (await photo(80, 60, 88)).png().toBuffer();
    expect((await upload(t.app, busy, bytes)).statusCode).toBe(201);
    const [{ id }] = (await t.app.db.select({ id: users.id }).from(users).where(eq(users.name, 'Busy Uploader'))) as [{ id: string }];
    for (let i = 1; i < UPLOAD_LIMIT.max; i++) await consume(t.app.db, `upload:${id}`, UPLOAD_LIMIT);
    const refused = await upload(t.app, busy, bytes);
    expect(refused.statusCode).toBe(429);
    expect(refused.headers['content-type']).toContain('application/problem+json');
    const retryAfter = Number(refused.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect((await upload(t.app, await signUp(t.app, 'Other Uploader'), bytes)).statusCode).toBe(201);
  });

  it('refuses listing photos that point at this site but not at its images, with a 400 naming the field', async () => {
    const own = (await upload(t.app, donor, await (await photo(90, 90, 31)).png().toBuffer())).json().url;
    for (const [field, body] of [
      ['FoodImage', { FoodImage: 'http://localhost:3000/api/logout' }],
      ['FoodImage', { FoodImage: 'http://127.0.0.1:3000/api/images/../logout' }],
      ['FoodGallery.1', { FoodGallery: [`http://localhost:3000${own}`, 'http://localhost:3000/api/auth/sign-out'] }],
    ] as const) {
      const res = await call(t.app, 'POST', '/api/foods', donor, foodBody(body));
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().errors[0].field).toBe(field);
    }
    const fine = await call(t.app, 'POST', '/api/foods', donor, foodBody({
      FoodImage: `http://localhost:3000${own}`,
      FoodGallery: ['http://localhost:3000/images/demo/carrots.svg', 'https://elsewhere.example/api/logout'],
    }));
    expect(fine.statusCode, fine.body).toBe(201);
    const put = await call(t.app, 'PUT', `/api/foods/${fine.json().insertedId}`, donor, foodBody({ FoodImage: 'http://localhost:3000/api/logout' }));
    expect(put.statusCode).toBe(400);
  });

  it('refuses a profile or sign-up photo that points at this site but not at its images', async () => {
    const user = await signUp(t.app, 'Avatar Person');
    const update = (image: string) =>
      t.app.inject({ method: 'POST', url: '/api/auth/update-user', headers: { cookie: user.cookie, origin: 'http://localhost:3000' }, payload: { image } });
    const bad = await update('http://localhost:3000/api/logout');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'INVALID_PROFILE' });
    expect(bad.json().message).toContain('Photo URL');
    expect((await update('http://localhost:3000/images/demo/donor-ben.svg')).statusCode).toBe(200);
    const signUpRes = await t.app.inject({
      method: 'POST',
      url: '/api/auth/sign-up/email',
      payload: { name: 'Bad Avatar', email: 'bad.avatar@example.org', password: 'correct-horse-1', image: 'http://localhost:3000/api/logout' },
    });
    expect(signUpRes.statusCode).toBe(400);
    expect(signUpRes.json().message).toContain('Photo URL');
  });

  it("deletes an account's uploads with it, keeping those someone else uploaded too", async () => {
    const leaving = await signUp(t.app, 'Leaving Soon');
    const staying = await signUp(t.app, 'Staying On');
    const own = await (await photo(100, 80, 61)).png().toBuffer();
    const shared = await (await photo(100, 80, 62)).png().toBuffer();
    const ownUrl = (await upload(t.app, leaving, own)).json().url;
    const sharedUrl = (await upload(t.app, leaving, shared)).json().url;
    expect((await upload(t.app, staying, shared)).json().url).toBe(sharedUrl);
    const deleted = await deleteAccount(t.app, leaving);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect((await get(ownUrl)).statusCode).toBe(404);
    expect((await get(`${ownUrl}/meta`)).statusCode).toBe(404);
    expect((await get(sharedUrl)).statusCode).toBe(200);
  });
});

describe.each(BACKENDS)('photo processing queue on %s', (backend) => {
  it('processes one photo at a time and answers 503 with Retry-After past a short queue', async () => {
    const t = await startApp(backend, { IMAGE_WORKERS: '1', IMAGE_QUEUE: '1' });
    try {
      const who = await signUp(t.app, 'Queue Tester');
      const photos = await Promise.all(Array.from({ length: 5 }, async (_, i) => (await photo(800, 600, i)).jpeg().toBuffer()));
      const answers = await Promise.all(photos.map((bytes) => upload(t.app, who, bytes)));
      const statuses = answers.map((r) => r.statusCode).sort();
      expect(statuses.filter((s) => s === 201).length).toBeGreaterThanOrEqual(2);
      const busy = answers.filter((r) => r.statusCode === 503);
      expect(busy.length).toBeGreaterThanOrEqual(1);
      expect(statuses.every((s) => s === 201 || s === 503)).toBe(true);
      for (const r of busy) {
        expect(r.headers['content-type']).toContain('application/problem+json');
        expect(Number(r.headers['retry-after'])).toBeGreaterThanOrEqual(1);
      }
    } finally {
      await t.close();
    }
  }, 90_000);
});
