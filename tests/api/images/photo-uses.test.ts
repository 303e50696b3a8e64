// Where uploaded photos may be used and how long they live: listing galleries
// (FoodGallery), photo URLs that must point at this site's images, profile and
// sign-up photos, orphan clean-up after 24 hours and deletion with the account.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deleteOrphanImages } from '../../../src/server/images/repository.js';
import { BACKENDS, call, deleteAccount, foodBody, signUp, signUpWith, startApp, type Person, type TestApp } from '../harness.js';
import { photo, upload } from './support.js';

describe.each(BACKENDS)('uses of uploaded photos on %s', (backend) => {
  let t: TestApp;
  let donor: Person;

  beforeAll(async () => {
    t = await startApp(backend);
    donor = await signUp(t.app, 'Pia Photo');
  });
  afterAll(() => t.close());

  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

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
    const signUpRes = await signUpWith(t.app, { name: 'Bad Avatar', email: 'bad.avatar@example.org', password: 'correct-horse-1', image: 'http://localhost:3000/api/logout' });
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
