// Alerts (saved searches), the API of /api/alerts: saving, listing, changing and
// deleting one's own alerts; validation 400s; others' alerts 404; the cap per person;
// the home area as the default place.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ALERTS_PER_PERSON } from '../../../src/contract/index.js';
import { BACKENDS, call, startApp, type TestApp } from '../harness.js';
import { person } from '../moderation/support.js';

const HERE = { Lat: 52.52, Lng: 13.405 };

describe.each(BACKENDS)('alerts on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(() => t.close());

  it('saves, lists, changes and deletes an alert of its owner only', async () => {
    const ana = await person(t.app, 'Ana');
    const ben = await person(t.app, 'Ben');
    const body = { Words: 'Bread', Categories: ['Bakery'], Diet: ['Vegan'], WithoutAllergens: ['Nuts'], Near: HERE, RadiusKm: 2, Email: true };
    const made = await call(t.app, 'POST', '/api/alerts', ana, body);
    expect(made.statusCode, made.body).toBe(201);
    const { acknowledged, insertedId } = made.json();
    expect(acknowledged).toBe(true);

    expect((await call(t.app, 'GET', '/api/alerts', ana)).json()).toEqual([
      {
        _id: insertedId,
        Words: 'Bread',
        Categories: ['Bakery'],
        Diet: ['Vegan'],
        WithoutAllergens: ['Nuts'],
        Near: HERE,
        RadiusKm: 2,
        Push: true,
        Email: true,
        Paused: false,
        CreatedAt: expect.any(String),
        LastMatchAt: null,
      },
    ]);
    expect((await call(t.app, 'GET', '/api/alerts', ben)).json()).toEqual([]);

    // Others' alerts answer 404, as unknown ones do.
    expect((await call(t.app, 'PUT', `/api/alerts/${insertedId}`, ben, { Paused: true })).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', `/api/alerts/${insertedId}`, ben)).statusCode).toBe(404);
    expect((await call(t.app, 'DELETE', '/api/alerts/00000000-0000-4000-8000-000000000000', ana)).statusCode).toBe(404);

    const paused = await call(t.app, 'PUT', `/api/alerts/${insertedId}`, ana, { Paused: true, RadiusKm: 3 });
    expect(paused.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await call(t.app, 'PUT', `/api/alerts/${insertedId}`, ana, { Paused: true })).json().modifiedCount).toBe(0);
    const [after] = (await call(t.app, 'GET', '/api/alerts', ana)).json();
    expect(after).toMatchObject({ Paused: true, RadiusKm: 3, Words: 'Bread', Near: HERE });

    expect((await call(t.app, 'DELETE', `/api/alerts/${insertedId}`, ana)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await call(t.app, 'GET', '/api/alerts', ana)).json()).toEqual([]);
  });

  it('needs a session', async () => {
    expect((await call(t.app, 'GET', '/api/alerts', null)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/alerts', null, { Near: HERE })).statusCode).toBe(401);
  });

  it('answers 400 problems naming the field for a wrong body', async () => {
    const cy = await person(t.app, 'Cy');
    const wrong: [Record<string, unknown>, string][] = [
      [{ Near: HERE, Categories: ['Cake'] }, 'Categories'],
      [{ Near: HERE, Diet: ['Vegan', 'Vegan'] }, 'Diet'],
      [{ Near: HERE, WithoutAllergens: ['Chocolate'] }, 'WithoutAllergens'],
      [{ Near: { Lat: 95, Lng: 0 } }, 'Near'],
      [{ Near: HERE, RadiusKm: 500 }, 'RadiusKm'],
      [{ Near: HERE, Words: 'x'.repeat(101) }, 'Words'],
      [{ Near: HERE, Colour: 'red' }, ''],
      [{}, 'Near'],
    ];
    for (const [body, field] of wrong) {
      const res = await call(t.app, 'POST', '/api/alerts', cy, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.headers['content-type']).toContain('application/problem+json');
      expect(res.json().code).toBe('validation_failed');
      if (field) expect(JSON.stringify(res.json().errors)).toContain(field);
    }
    expect((await call(t.app, 'PUT', '/api/alerts/not-an-id', cy, {})).statusCode).toBe(400);
  });

  it('takes the home area as the place when none is given', async () => {
    const di = await person(t.app, 'Di');
    const home = await call(t.app, 'PUT', '/api/account/home-area', di, { Name: 'Mitte', Lat: 52.5, Lng: 13.4, RadiusKm: 4 });
    expect(home.statusCode, home.body).toBe(200);
    expect((await call(t.app, 'POST', '/api/alerts', di, { Words: 'soup' })).statusCode).toBe(201);
    expect((await call(t.app, 'GET', '/api/alerts', di)).json()[0]).toMatchObject({ Near: { Lat: 52.5, Lng: 13.4 }, RadiusKm: 4, Email: false });
  });

  it(`keeps at most ${MAX_ALERTS_PER_PERSON} alerts per person`, async () => {
    const ed = await person(t.app, 'Ed');
    for (let i = 0; i < MAX_ALERTS_PER_PERSON; i += 1) expect((await call(t.app, 'POST', '/api/alerts', ed, { Near: HERE, Words: `w${i}` })).statusCode).toBe(201);
    const over = await call(t.app, 'POST', '/api/alerts', ed, { Near: HERE });
    expect(over.statusCode).toBe(409);
    expect(over.json().code).toBe('too_many_alerts');
  });
});
