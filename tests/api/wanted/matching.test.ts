// A new listing that matches an open Wanted post tells its poster (`wanted.match`, linking to
// the listing) after the listing's commit, through the outbox; once per post and listing;
// never for a listing out of the post's radius, without the post's words, the poster's own,
// one of a person blocked either way, or for an expired post.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, startApp, type Person, type TestApp } from '../harness.js';
import { person } from '../moderation/support.js';
import { wantedPosts } from '../../../src/server/wanted/schema.js';
import { post } from './support.js';

describe.each(BACKENDS)('Wanted matching on %s', (backend) => {
  let t: TestApp;
  // Each test its own town, so one test's posts never see another's listings.
  let town = 0;
  const nextTown = () => ({ Lat: 40 + (town += 1) * 0.5, Lng: 5 });

  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(() => t.close());

  const list = async (donor: Person, at: { Lat: number; Lng: number }, fields: Record<string, unknown> = {}) => {
    const res = await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Baby formula (Aptamil)', Location: at, ...fields }));
    expect(res.statusCode, res.body).toBe(201);
    return res.json().insertedId as string;
  };
  const matches = async (who: Person) => {
    await t.app.outbox.whenIdle();
    return (await call(t.app, 'GET', '/api/notifications', who)).json().filter((n: { Type: string }) => n.Type === 'wanted.match');
  };

  it('tells the poster once about a matching listing near them, linking to it', async () => {
    const at = nextTown();
    const poster = await person(t.app, 'Paula');
    const donor = await person(t.app, 'Dora');
    await post(t.app, poster, { Title: 'Baby formula, any brand', Location: at, RadiusKm: 3 });
    const foodId = await list(donor, at);
    const [n, ...more] = await matches(poster);
    expect(more).toEqual([]);
    expect(n).toMatchObject({ Title: 'Baby formula (Aptamil) may be what you want', Link: `/food/${foodId}` });
    expect(n.Body).toContain('Baby formula, any brand');
    expect(await matches(donor)).toEqual([]);
  });

  it('tells nobody about a listing far away, without the words, of the poster, or of a blocked person', async () => {
    const at = nextTown();
    const poster = await person(t.app, 'Petra');
    const donor = await person(t.app, 'Dirk');
    const blocked = await person(t.app, 'Bert');
    await post(t.app, poster, { Title: 'Baby formula', Location: at, RadiusKm: 2 });
    await list(donor, { Lat: at.Lat + 0.2, Lng: at.Lng });
    await list(donor, at, { FoodName: 'Baby carrots', AdditionalNotes: 'Fresh.' });
    await list(poster, at);
    expect((await call(t.app, 'POST', '/api/blocks', poster, { UserId: blocked.id })).statusCode).toBe(201);
    await list(blocked, at);
    expect(await matches(poster)).toEqual([]);
  });

  it('tells nobody about an expired post, and finds the words in the notes too', async () => {
    const at = nextTown();
    const poster = await person(t.app, 'Eva');
    const donor = await person(t.app, 'Emil');
    const closing = await post(t.app, poster, { Title: 'Oat milk', Location: at, RadiusKm: 2 });
    await t.app.db.update(wantedPosts).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(wantedPosts.id, closing));
    await post(t.app, poster, { Title: 'Lentils', Location: at, RadiusKm: 2 });
    await list(donor, at, { FoodName: 'Oat milk' });
    await list(donor, at, { FoodName: 'Pantry box', AdditionalNotes: 'Red lentils and rice.' });
    const found = await matches(poster);
    expect(found.map((n: { Title: string }) => n.Title)).toEqual(['Pantry box may be what you want']);
  });
});
