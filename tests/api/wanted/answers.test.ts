// A donor answers a Wanted post with a listing: the poster is told (`wanted.answered`, linking
// to the listing) and the listing is offered to them first for two hours: others' requests
// wait (409 offered_first) until the poster requests it or the offer ends.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, startApp, type Person, type TestApp } from '../harness.js';
import { listing, person, request } from '../moderation/support.js';
import { post } from './support.js';

const HOUR_MS = 60 * 60 * 1000;

describe.each(BACKENDS)('answering Wanted posts on %s', (backend) => {
  let t: TestApp;
  let offset = 0;

  beforeAll(async () => {
    t = await startApp(backend, {}, { clock: () => new Date(Date.now() + offset) });
  });
  afterAll(() => t.close());

  const answer = (who: Person, wantedId: string, foodId: string) => call(t.app, 'POST', `/api/wanted/${wantedId}/answers`, who, { FoodId: foodId });
  const notificationsOf = async (who: Person) => (await call(t.app, 'GET', '/api/notifications', who)).json() as { Type: string; Title: string; Body: string; Link: string }[];

  it('tells the poster, shows the answer on the post, and offers the listing to the poster first', async () => {
    const poster = await person(t.app, 'Paula Poster');
    const donor = await person(t.app, 'Dora Donor');
    const neighbour = await person(t.app, 'Nico Neighbour');
    const wantedId = await post(t.app, poster, { Title: 'Baby formula, any brand' });
    const foodId = await listing(t.app, donor, 'Baby formula (Aptamil)');
    const res = await answer(donor, wantedId, foodId);
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toMatchObject({ acknowledged: true, insertedId: expect.any(String) });
    const [told] = await notificationsOf(poster);
    expect(told).toMatchObject({ Type: 'wanted.answered', Title: 'Dora Donor answered your Wanted post', Link: `/food/${foodId}` });
    expect(told!.Body).toContain('Baby formula (Aptamil)');
    const shown = (await call(t.app, 'GET', `/api/wanted/${wantedId}`)).json();
    expect(shown.Answers).toEqual([expect.objectContaining({ FoodId: foodId, FoodName: 'Baby formula (Aptamil)' })]);
    const early = await call(t.app, 'POST', '/api/requests', neighbour, { FoodId: foodId });
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('offered_first');
    // The poster requests it; from then on others may too.
    await request(t.app, poster, foodId);
    await request(t.app, neighbour, foodId);
  });

  it('lets others request once the offer of two hours has ended', async () => {
    const poster = await person(t.app, 'Petra Patient');
    const donor = await person(t.app, 'Dirk Donor');
    const neighbour = await person(t.app, 'Nora Neighbour');
    const wantedId = await post(t.app, poster, { Title: 'Nappies' });
    const foodId = await listing(t.app, donor, 'Nappies size 3');
    expect((await answer(donor, wantedId, foodId)).statusCode).toBe(201);
    offset += HOUR_MS + 59 * 60 * 1000;
    expect((await call(t.app, 'POST', '/api/requests', neighbour, { FoodId: foodId })).statusCode).toBe(409);
    offset += 2 * 60 * 1000;
    await request(t.app, neighbour, foodId);
  });

  it("refuses answers with someone else's or an unavailable listing, to one's own or a closed post, and twice", async () => {
    const poster = await person(t.app, 'Polly Picky');
    const donor = await person(t.app, 'Dean Donor');
    const wantedId = await post(t.app, poster, { Title: 'Tea' });
    const othersFood = await listing(t.app, poster, 'Poster tea');
    const res = await answer(donor, wantedId, othersFood);
    expect(res.statusCode).toBe(403);
    expect((await answer(poster, wantedId, othersFood)).json().code).toBe('own_wanted');
    const foodId = await listing(t.app, donor, 'Green tea');
    expect((await answer(donor, wantedId, foodId)).statusCode).toBe(201);
    expect((await answer(donor, wantedId, foodId)).json().code).toBe('already_answered');
    const expired = await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Old tea' }, 0));
    offset += 2 * 24 * HOUR_MS;
    expect((await answer(donor, wantedId, expired.json().insertedId)).json().code).toBe('food_unavailable');
    const closing = await post(t.app, poster, { Title: 'Coffee', ExpiresAt: new Date(Date.now() + offset + HOUR_MS).toISOString() });
    offset += 2 * HOUR_MS;
    expect((await answer(donor, closing, await listing(t.app, donor, 'Coffee beans'))).json().code).toBe('wanted_closed');
    expect((await answer(donor, wantedId, '00000000-0000-4000-8000-000000000000')).statusCode).toBe(404);
    expect((await call(t.app, 'POST', `/api/wanted/${wantedId}/answers`, donor, { FoodId: 'x' })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', `/api/wanted/${wantedId}/answers`, null, { FoodId: foodId })).statusCode).toBe(401);
  });
});
