// `/api/foods` (SPEC.md §7): answer shapes, sorting, search, availability,
// ownership (403 and nothing changes) and bad input (400 problem, nothing changes).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

describe.each(BACKENDS)('foods API on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let other: Person;

  beforeAll(async () => {
    t = await startApp(backend);
    donor = await signUp(t.app, 'Dana Donor');
    other = await signUp(t.app, 'Otto Other');
  });
  afterAll(() => t.close());

  const create = async (who: Person, overrides: Record<string, unknown> = {}, days = 7) => {
    const res = await call(t.app, 'POST', '/api/foods', who, foodBody(overrides, days));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().insertedId as string;
  };

  it('creates a listing with the donor taken from the session, ignoring the Donator sent', async () => {
    const res = await call(t.app, 'POST', '/api/foods', donor, {
      ...foodBody({ FoodName: 'Sourdough Loaf', FoodQuantity: '3' }),
      Donator: { Name: 'Mallory', Email: 'mallory@evil.test', Image: 'https://evil.test/x.png' },
    });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({ acknowledged: true, insertedId: expect.stringMatching(/^[0-9a-f-]{36}$/) });

    const food = (await call(t.app, 'GET', `/api/foods/${body.insertedId}`, donor)).json();
    expect(food).toMatchObject({
      _id: body.insertedId,
      FoodName: 'Sourdough Loaf',
      FoodQuantity: 3,
      PickupLocation: '12 Elm Street',
      Donator: { Name: 'Dana Donor', Email: donor.email, Image: donor.image },
    });
    expect(food.ExpiredDateTime).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('hides the donor email from anonymous visitors', async () => {
    const id = await create(donor, { FoodName: 'Privacy Pears' });
    const anon = (await call(t.app, 'GET', `/api/foods/${id}`)).json();
    expect(anon.Donator).toEqual({ Name: 'Dana Donor', Image: donor.image, _id: expect.any(String) });
    const list = (await call(t.app, 'GET', '/api/foods?sortByDate=dec&search=privacy')).json();
    expect(list).toHaveLength(1);
    expect(list[0].Donator.Email).toBeUndefined();
  });

  it('sorts by expiry both ways, searches case-insensitively and literally, and hides expired food', async () => {
    await create(donor, { FoodName: 'Zeta Plums early' }, 2);
    await create(donor, { FoodName: 'zeta plums late' }, 9);
    await create(donor, { FoodName: 'Zeta Plums gone' }, -1);
    await create(donor, { FoodName: 'Zeta 100% juice' }, 4);

    const dec = (await call(t.app, 'GET', '/api/foods?sortByDate=dec&search=ZETA%20PLUMS')).json();
    expect(dec.map((f: { FoodName: string }) => f.FoodName)).toEqual(['zeta plums late', 'Zeta Plums early']);
    const acc = (await call(t.app, 'GET', '/api/foods?sortByDate=acc&search=zeta')).json();
    expect(acc.map((f: { FoodName: string }) => f.FoodName)).toEqual(['Zeta Plums early', 'Zeta 100% juice', 'zeta plums late']);

    const percent = (await call(t.app, 'GET', `/api/foods?sortByDate=dec&search=${encodeURIComponent('100%')}`)).json();
    expect(percent.map((f: { FoodName: string }) => f.FoodName)).toEqual(['Zeta 100% juice']);
    const underscore = (await call(t.app, 'GET', '/api/foods?sortByDate=dec&search=Zeta_Plums')).json();
    expect(underscore).toEqual([]);
  });

  it('answers short searches (1–2 letters or digits) with listings that have a word starting with them', async () => {
    const apples = await create(donor, { FoodName: 'Fresh apples' });
    const apricot = await create(donor, { FoodName: 'Apricot jam' });
    const grape = await create(donor, { FoodName: 'Grape tart' });
    const expired = await create(donor, { FoodName: 'Apple crumble' }, -1);
    const eclair = await create(donor, { FoodName: 'Éclair box' });
    const eggs = await create(donor, { FoodName: 'Eggs, 12-pack' });
    const ids = async (search: string) => {
      const res = await call(t.app, 'GET', `/api/foods?sortByDate=dec&search=${encodeURIComponent(search)}`);
      expect(res.statusCode, res.body).toBe(200);
      return res.json().map((f: { _id: string }) => f._id) as string[];
    };
    for (const search of ['ap', 'AP', ' Ap ']) {
      const found = await ids(search);
      expect(found).toEqual(expect.arrayContaining([apples, apricot]));
      expect(found).not.toContain(grape);
      expect(found).not.toContain(expired);
    }
    // Every run must start a word: "a j" is "Apricot jam", not "Fresh apples".
    const aj = await ids('a j');
    expect(aj).toContain(apricot);
    expect(aj).not.toContain(apples);
    expect(await ids('é')).toContain(eclair);
    expect(await ids('12')).toContain(eggs);
  });

  it('answers the featured list: largest quantities first, at most limit', async () => {
    await create(other, { FoodName: 'Huge Rice Sack', FoodQuantity: 9000 });
    await create(other, { FoodName: 'Big Bean Box', FoodQuantity: 8000 });
    const res = await call(t.app, 'GET', '/api/foods?sortByQuantity=true&limit=2');
    expect(res.statusCode).toBe(200);
    expect(res.json().map((f: { FoodQuantity: number }) => f.FoodQuantity)).toEqual([9000, 8000]);
  });

  it("lists only the signed-in user's own foods, expired ones included", async () => {
    await create(donor, { FoodName: 'Expired Eggs' }, -1);
    const mine = (await call(t.app, 'GET', `/api/foods?email=${encodeURIComponent(donor.email)}`, donor)).json();
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((f: { Donator: { Email: string } }) => f.Donator.Email === donor.email)).toBe(true);
    expect(mine.some((f: { FoodName: string }) => f.FoodName === 'Expired Eggs')).toBe(true);

    expect((await call(t.app, 'GET', `/api/foods?email=${encodeURIComponent(donor.email)}`)).statusCode).toBe(401);
    const peek = await call(t.app, 'GET', `/api/foods?email=${encodeURIComponent(donor.email)}`, other);
    expect(peek.statusCode).toBe(403);
    expect(peek.headers['content-type']).toContain('application/problem+json');
  });

  it('updates a listing for its donor only, with Mongo-style counts', async () => {
    const id = await create(donor, { FoodName: 'Carrot Bunch' });
    const changed = await call(t.app, 'PUT', `/api/foods/${id}`, donor, foodBody({ FoodName: 'Carrot Bundle', FoodQuantity: 8 }));
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const same = await call(t.app, 'PUT', `/api/foods/${id}`, donor, foodBody({ FoodName: 'Carrot Bundle', FoodQuantity: 8 }));
    expect(same.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 0 });

    const stolen = await call(t.app, 'PUT', `/api/foods/${id}`, other, foodBody({ FoodName: 'Mine now' }));
    expect(stolen.statusCode).toBe(403);
    expect((await call(t.app, 'PUT', `/api/foods/${id}`, null, foodBody())).statusCode).toBe(401);
    const after = (await call(t.app, 'GET', `/api/foods/${id}`)).json();
    expect(after).toMatchObject({ FoodName: 'Carrot Bundle', FoodQuantity: 8 });
  });

  it('deletes a listing for its donor only', async () => {
    const id = await create(donor, { FoodName: 'Leftover Lasagne' });
    expect((await call(t.app, 'DELETE', `/api/foods/${id}`, other)).statusCode).toBe(403);
    expect((await call(t.app, 'DELETE', `/api/foods/${id}`)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/foods/${id}`)).statusCode).toBe(200);

    const res = await call(t.app, 'DELETE', `/api/foods/${id}`, donor);
    expect(res.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    const gone = await call(t.app, 'GET', `/api/foods/${id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json()).toMatchObject({ status: 404, title: 'Not Found' });
  });

  it.each([
    ['missing name', { FoodName: '' }, 'FoodName'],
    ['javascript: image', { FoodImage: 'javascript:alert(1)' }, 'FoodImage'],
    ['text quantity', { FoodQuantity: 'lots' }, 'FoodQuantity'],
    ['fractional quantity', { FoodQuantity: 2.5 }, 'FoodQuantity'],
    ['impossible date', { ExpiredDateTime: '2031-02-30' }, 'ExpiredDateTime'],
    ['overlong location', { PickupLocation: 'x'.repeat(201) }, 'PickupLocation'],
    ['unknown field', { Owner: 'me' }, ''],
  ])('refuses a body with %s: 400 problem naming the field, nothing stored', async (_label, overrides, field) => {
    const before = (await call(t.app, 'GET', `/api/foods?email=${encodeURIComponent(other.email)}`, other)).json();
    const res = await call(t.app, 'POST', '/api/foods', other, foodBody(overrides));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    const problem = res.json();
    expect(problem).toMatchObject({ status: 400, title: 'Bad Request', type: 'about:blank' });
    expect(problem.detail).toEqual(expect.any(String));
    if (field) expect(problem.errors.map((e: { field: string }) => e.field)).toContain(field);
    const after = (await call(t.app, 'GET', `/api/foods?email=${encodeURIComponent(other.email)}`, other)).json();
    expect(after).toEqual(before);
  });

  it('answers 400 for malformed ids and JSON, 413 for oversized bodies, and never leaks internals', async () => {
    const badId = await call(t.app, 'GET', '/api/foods/not-a-uuid');
    expect(badId.statusCode).toBe(400);
    const badJson = await t.app.inject({
      method: 'POST',
      url: '/api/foods',
      headers: { cookie: donor.cookie, 'content-type': 'application/json' },
      payload: '{"FoodName": ',
    });
    expect(badJson.statusCode).toBe(400);
    expect(badJson.json()).toMatchObject({ status: 400 });
    const huge = await call(t.app, 'POST', '/api/foods', donor, foodBody({ AdditionalNotes: 'x'.repeat(70 * 1024) }));
    expect(huge.statusCode).toBe(413);
    for (const res of [badId, badJson, huge]) expect(res.body).not.toMatch(/at .*\.ts:\d+|select |node_modules/i);
  });
});
