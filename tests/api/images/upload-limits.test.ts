// Upload limits of `/api/images`: 413 past the size limit (also for parallel uploads
// streamed over HTTP), 60 uploads an hour per account, and one photo processed at a
// time behind a short queue (503 with Retry-After past it).
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../../src/server/db/schema/index.js';
import { consume } from '../../../src/server/http/limits.js';
import { UPLOAD_LIMIT } from '../../../src/server/images/limits.js';
import { BACKENDS, signUp, startApp, type Person, type TestApp } from '../harness.js';
import { photo, storedImages, upload } from './support.js';

describe.each(BACKENDS)('upload limits on %s', (backend) => {
  let t: TestApp;
  let donor: Person;

  beforeAll(async () => {
    // 8 × 24 MB over a socket on a busy machine may take longer than the default 20 s.
    t = await startApp(backend, { REQUEST_TIMEOUT_MS: '120000' });
    donor = await signUp(t.app, 'Pia Photo');
  });
  afterAll(() => t.close());

  const count = () => storedImages(t.app);

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
