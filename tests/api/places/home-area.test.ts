// The home area a signed-in person saves in their profile. Only its owner
// reads it; it changes no other answer (Available Foods without `near` answers as before);
// bad bodies are 400 problems naming the field. On both backends.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeAreas } from '../../../src/server/places/schema.js';
import { BACKENDS, call, deleteAccount, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

const URL = '/api/account/home-area';
/** A home area with digits no other value of the test carries, so leaks can be searched for. */
const AREA = { Name: 'Annecy, France', Lat: 45.899247, Lng: 6.129384, RadiusKm: 25 };

describe.each(BACKENDS)('home area on %s', (backend) => {
  let t: TestApp;
  let owner: Person;
  let other: Person;

  beforeAll(async () => {
    t = await startApp(backend);
    owner = await signUp(t.app, 'Olga Owner');
    other = await signUp(t.app, 'Otto Other');
    const posted = await call(t.app, 'POST', '/api/foods', owner, foodBody({ FoodName: 'Annecy Apricots', Location: { Lat: 45.9, Lng: 6.13 } }));
    expect(posted.statusCode).toBe(201);
  }, 60_000);
  afterAll(() => t?.close());

  it('is null until saved, then answered to its owner only, and cleared by DELETE', async () => {
    expect((await call(t.app, 'GET', URL, owner)).json()).toEqual({ HomeArea: null });
    const put = await call(t.app, 'PUT', URL, owner, AREA);
    expect(put.statusCode).toBe(200);
    expect(put.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const mine = await call(t.app, 'GET', URL, owner);
    expect(mine.json()).toEqual({ HomeArea: AREA });
    expect(mine.headers['cache-control']).toBe('private, no-store');
    // Another person reads their own (none), never the owner's; anonymous callers are refused.
    expect((await call(t.app, 'GET', URL, other)).json()).toEqual({ HomeArea: null });
    expect((await call(t.app, 'GET', URL)).statusCode).toBe(401);
    expect((await call(t.app, 'PUT', URL, null, AREA)).statusCode).toBe(401);
    // Saving again replaces it; Name may be left out.
    const moved = { Lat: 45.9, Lng: 6.1, RadiusKm: 5 };
    expect((await call(t.app, 'PUT', URL, owner, moved)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', URL, owner)).json()).toEqual({ HomeArea: { Name: '', ...moved } });
    expect((await call(t.app, 'DELETE', URL, owner)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await call(t.app, 'GET', URL, owner)).json()).toEqual({ HomeArea: null });
    expect((await call(t.app, 'DELETE', URL, owner)).json()).toEqual({ acknowledged: true, deletedCount: 0 });
  });

  it('is used nowhere else: foods answer as without it, and no other answer carries it', async () => {
    const reads = ['/api/foods?sortByDate=dec', `/api/foods?email=${encodeURIComponent(owner.email)}`, '/api/auth/get-session'];
    const before = await Promise.all(reads.map((u) => call(t.app, 'GET', u, owner)));
    expect((await call(t.app, 'PUT', URL, owner, AREA)).statusCode).toBe(200);
    const after = await Promise.all(reads.map((u) => call(t.app, 'GET', u, owner)));
    expect(after.map((r) => r.statusCode)).toEqual(before.map((r) => r.statusCode));
    expect(after[0]!.json()).toEqual(before[0]!.json());
    expect(after[1]!.json()).toEqual(before[1]!.json());
    const foodId = after[0]!.json()[0]._id as string;
    const elsewhere = [...after, await call(t.app, 'GET', `/api/foods/${foodId}`, owner), await call(t.app, 'GET', `/api/foods/${foodId}`, other)];
    for (const res of elsewhere) {
      expect(res.body).not.toContain('45.899247');
      expect(res.body).not.toContain('6.129384');
    }
    // The owner's export (GDPR Art. 15/20) does carry it: it is data kept about them.
    const exported = await call(t.app, 'GET', '/api/account/export', owner);
    expect(exported.json().HomeArea).toEqual(AREA);
  });

  it('goes with the account', async () => {
    const leaver = await signUp(t.app, 'Lea Leaver');
    expect((await call(t.app, 'PUT', URL, leaver, { ...AREA, Lat: -12.345678 })).statusCode).toBe(200);
    const leaversArea = () => t.app.db.select().from(homeAreas).where(eq(homeAreas.lat, -12.345678));
    expect(await leaversArea()).toHaveLength(1);
    const gone = await deleteAccount(t.app, leaver);
    expect(gone.statusCode).toBe(200);
    expect(await leaversArea()).toEqual([]);
  });

  it.each([
    [{ ...AREA, Lat: 91 }, 'Lat'],
    [{ ...AREA, Lng: -180.5 }, 'Lng'],
    [{ ...AREA, Lat: '45.9' }, 'Lat'],
    [{ Name: 'x', Lat: 45.9, RadiusKm: 5 }, 'Lng'],
    [{ ...AREA, RadiusKm: 0.5 }, 'RadiusKm'],
    [{ ...AREA, RadiusKm: 51 }, 'RadiusKm'],
    [{ Lat: 45.9, Lng: 6.1 }, 'RadiusKm'],
    [{ ...AREA, Name: 'a'.repeat(201) }, 'Name'],
    [{ ...AREA, Name: 'Line\nbreak' }, 'Name'],
    [{ ...AREA, Owner: 'someone-else' }, 'body'],
  ])('refuses %j with a 400 problem naming %s', async (body, field) => {
    const res = await call(t.app, 'PUT', URL, owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toContain('application/problem+json');
    expect(res.json().errors.map((e: { field: string }) => e.field)).toContain(field);
  });
});
