// IMAGE_PROXY=true: external images re-served through the pipeline,
// with SSRF protection; listings answer proxied URLs and store the originals.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from '../../../src/server/lib/public-address.js';
import { BACKENDS, call, foodBody, signUp, startApp, type TestApp } from '../harness.js';
import { jpegWithGps } from './support.js';

describe('isPublicAddress', () => {
  it.each([
    ['93.184.216.34', true],
    ['2606:4700::1111', true],
    ['127.0.0.1', false],
    ['10.1.2.3', false],
    ['172.20.0.1', false],
    ['192.168.1.1', false],
    ['169.254.169.254', false],
    ['100.64.0.1', false],
    ['0.0.0.0', false],
    ['::1', false],
    ['fe80::1', false],
    ['fd00::1', false],
    ['::ffff:127.0.0.1', false],
    ['::ffff:93.184.216.34', true],
    ['not an ip', false],
    // Ranges a hand-written list missed; ipaddr.js's table decides now.
    ['64:ff9b:1::a00:1', false],
    ['64:ff9b::7f00:1', false],
    ['::127.0.0.1', false],
    ['::93.184.216.34', false],
    ['2002:7f00:1::1', false],
    ['2001:0:4136:e378:8000:63bf:3fff:fdd2', false],
    ['fec0::1', false],
    ['192.88.99.1', false],
    ['3fff::1', false],
    ['3fff:fff::1', false],
  ])('%s → %s', (address, expected) => expect(isPublicAddress(address)).toBe(expected));
});

describe.each(BACKENDS)('image proxy on %s', (backend) => {
  let server: http.Server;
  let origin: string;
  let hits = 0;
  let photo: Buffer;

  beforeAll(async () => {
    photo = await jpegWithGps(1200, 800);
    server = http.createServer((req, res) => {
      hits += 1;
      if (req.url === '/photo.jpg') return res.writeHead(200, { 'content-type': 'image/jpeg' }).end(photo);
      if (req.url === '/moved') return res.writeHead(302, { location: '/photo.jpg' }).end();
      if (req.url === '/metadata') return res.writeHead(302, { location: 'http://169.254.169.254/latest' }).end();
      res.writeHead(404).end();
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const proxyUrl = (url: string, w = '') => `/api/images/proxy?url=${encodeURIComponent(url)}${w}`;

  describe('enabled (loopback allowed for the test peer)', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await startApp(backend, { IMAGE_PROXY: 'true', IMAGE_PROXY_ALLOW_PRIVATE: 'true', PUBLIC_URL: 'http://localhost:3000' });
    });
    afterAll(() => t.close());

    it('fetches once, strips metadata and serves WebP with CORP and caching', async () => {
      const before = hits;
      const res = await t.app.inject({ method: 'GET', url: proxyUrl(`${origin}/photo.jpg`, '&w=640') });
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers).toMatchObject({ 'content-type': 'image/webp', 'cross-origin-resource-policy': 'cross-origin' });
      const meta = await sharp(res.rawPayload).metadata();
      expect([meta.width, meta.exif]).toEqual([640, undefined]);
      expect((await t.app.inject({ method: 'GET', url: proxyUrl(`${origin}/photo.jpg`) })).statusCode).toBe(200);
      expect(hits - before).toBe(1);
      expect((await t.app.inject({ method: 'GET', url: proxyUrl(`${origin}/moved`) })).statusCode).toBe(200);
      expect((await t.app.inject({ method: 'GET', url: proxyUrl(`${origin}/missing.jpg`) })).statusCode).toBe(502);
      expect((await t.app.inject({ method: 'GET', url: proxyUrl('file:///etc/passwd') })).statusCode).toBe(400);
    });

    it('answers listings with proxied external URLs and stores what the donor entered', async () => {
      const donor = await signUp(t.app, 'Pro Xy');
      const external = `${origin}/photo.jpg`;
      const id = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodImage: external }))).json().insertedId;
      const food = (await call(t.app, 'GET', `/api/foods/${id}`)).json();
      expect(food.FoodImage).toBe(`http://localhost:3000${proxyUrl(external)}`);
      expect(food.Donator.Image).toBe(`http://localhost:3000${proxyUrl(donor.image)}`);
      // The edit form sends the answer back unchanged: nothing changes.
      const put = await call(t.app, 'PUT', `/api/foods/${id}`, donor, foodBody({ FoodImage: food.FoodImage }));
      expect(put.json().modifiedCount).toBe(0);
      expect((await call(t.app, 'GET', `/api/foods/${id}`)).json().FoodImage).toBe(food.FoodImage);
    });
  });

  it('refuses loopback, private and link-local addresses without the test override', async () => {
    const t = await startApp(backend, { IMAGE_PROXY: 'true' });
    try {
      const before = hits;
      for (const url of [`${origin}/photo.jpg`, `http://localhost:${new URL(origin).port}/photo.jpg`, 'http://[::1]/x.png', 'http://10.0.0.1/x.png', 'http://169.254.169.254/latest']) {
        const res = await t.app.inject({ method: 'GET', url: proxyUrl(url) });
        expect(res.statusCode, url).toBe(400);
      }
      expect(hits).toBe(before);
    } finally {
      await t.close();
    }
  });

  it('is off by default: 404', async () => {
    const t = await startApp(backend);
    try {
      expect((await t.app.inject({ method: 'GET', url: proxyUrl(`${origin}/photo.jpg`) })).statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });
});
