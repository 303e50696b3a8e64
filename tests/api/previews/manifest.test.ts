// The web app manifest in the page's language (docs/translating.md "Choosing the language"): a French
// browser's first visit gets the French description and `lang`, the `lang` cookie wins and Arabic is
// right to left, English keeps the built manifest's words; the answer varies on both.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manifestRoutes } from '../../../src/server/previews/manifest.js';

const BUILT = { id: '/', name: 'Plateful', short_name: 'Plateful', description: 'Share surplus food with your neighbours before it goes to waste.', lang: 'en', start_url: '/' };

describe('the localized web app manifest', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'plateful-manifest-'));
    writeFileSync(path.join(dir, 'manifest.webmanifest'), JSON.stringify(BUILT));
    app = Fastify();
    // No session cookie is sent, so the negotiation never reaches the database.
    app.decorate('db', null as never);
    await app.register(manifestRoutes, { webDist: dir });
  });
  afterAll(() => app.close());

  const get = (headers: Record<string, string>) => app.inject({ method: 'GET', url: '/manifest.webmanifest', headers });

  it('answers a French first visit in French, varying on Accept-Language and Cookie', async () => {
    const res = await get({ 'accept-language': 'fr-CA,fr;q=0.9,en;q=0.5' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    expect(res.headers.vary).toBe('Accept-Language, Cookie');
    expect(res.json()).toMatchObject({ name: 'Plateful', short_name: 'Plateful', lang: 'fr', dir: 'ltr', start_url: '/' });
    expect(res.json<{ description: string }>().description).toBe('Partagez vos surplus alimentaires avec vos voisins avant qu’ils ne soient gaspillés.');
  });

  it('follows the lang cookie first; Arabic is right to left', async () => {
    const res = await get({ 'accept-language': 'de', cookie: 'lang=ar' });
    expect(res.json()).toMatchObject({ lang: 'ar', dir: 'rtl', description: 'شارك الطعام الفائض مع جيرانك قبل أن يُهدر.' });
  });

  it('keeps the built English words for English', async () => {
    expect((await get({})).json()).toMatchObject({ ...BUILT, dir: 'ltr' });
  });
});
