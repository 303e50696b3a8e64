// API answers over 1 KiB are compressed for clients that accept it.
import { brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, startApp, type TestApp } from '../harness.js';

describe.each(BACKENDS)('compression on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
    const donor = await signUp(t.app, 'Cora Compress');
    for (let i = 0; i < 10; i++) await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: `Crate ${i}` }));
  });
  afterAll(() => t.close());

  it('brotli-compresses a list for a client that accepts it, and not for one that does not', async () => {
    const br = await t.app.inject({ url: '/api/foods?sortByDate=dec', headers: { 'accept-encoding': 'br, gzip' } });
    expect(br.headers['content-encoding']).toBe('br');
    const list = JSON.parse(brotliDecompressSync(br.rawPayload).toString('utf8'));
    expect(list).toHaveLength(10);
    const plain = await t.app.inject({ url: '/api/foods?sortByDate=dec' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.json()).toEqual(list);
  });
});
