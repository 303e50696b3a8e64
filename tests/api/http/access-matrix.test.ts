// Access control matrix (DESIGN.md "The API" ownership rules):
// every call of SPEC.md §7 plus POST /api/auth/update-user, as an anonymous
// visitor, as the owner and as another signed-in user. Each cell asserts the
// exact status and, for every refused call, that the foods, requests and users
// tables are unchanged. The matrix is printed during the run.
import { sql } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../src/server/auth/plugin.js';
import { requests } from '../../../src/server/db/schema/index.js';
import { createFood } from '../../../src/server/foods/repository.js';
import { localToday } from '../../../src/server/lib/dates.js';
import { createRequest } from '../../../src/server/requests/repository.js';
import { BACKENDS, foodBody, signInAgain, signUp, startApp, type Person, type TestApp } from '../harness.js';
import { runMatrix, tablesSnapshot, type Actor, type Row, type Who } from './matrix.js';

const ORIGIN = 'http://localhost:3000';
const UNKNOWN = '00000000-0000-4000-8000-000000000000';

describe.each(BACKENDS)('access control matrix on %s', (backend) => {
  let t: TestApp;
  let donor: Who;
  let requester: Who;
  let stranger: Who;

  const asUser = (w: Who): SessionUser => ({ id: w.id, name: w.name, email: w.email, image: w.image });
  const snapshot = () => tablesSnapshot(t.app);

  /** Database content just before the last call `send` made (after the cell's setup). */
  let beforeCall = '';
  const send = async (method: string, url: string, who: Who | null, payload?: unknown) => {
    beforeCall = await snapshot();
    return t.app.inject({
      method: method as 'GET',
      url,
      headers: { origin: ORIGIN, ...(who ? { cookie: who.cookie } : {}) },
      ...(payload === undefined ? {} : { payload: payload as object }),
    });
  };
  /** A listing of `owner` created straight in the database (setups must not count against write limits). */
  const food = (owner: Who, days = 7) => createFood(t.app.db, { ...foodBody({}, days), FoodQuantity: 5 }, asUser(owner));
  const request = (foodId: string, who: Who) =>
    createRequest(t.app.db, { FoodId: foodId, AdditionalNotes: 'please', DonationMoney: '5' }, asUser(who), localToday(), t.app.notifier);
  const deliver = (id: string) => t.app.db.update(requests).set({ status: 'Delivered' }).where(sql`${requests.id} = ${id}`);

  beforeAll(async () => {
    t = await startApp(backend);
    const withId = async (p: Person): Promise<Who> => {
      const me = await t.app.inject({ method: 'GET', url: '/api/auth/get-session', headers: { cookie: p.cookie } });
      return { ...p, id: me.json().user.id };
    };
    donor = await withId(await signUp(t.app, 'Dana Donor'));
    requester = await withId(await signUp(t.app, 'Rae Requester'));
    stranger = await withId(await signUp(t.app, 'Sam Stranger'));
    await food(donor); // something in the public lists
  });
  afterAll(() => t.close());

  /** Who plays a column when the owner is `owner`. */
  const pick = (actor: Actor, owner: Who, other: Who = stranger): Who | null =>
    actor === 'anonymous' ? null : actor === 'owner' ? owner : other;

  // Donator.Email only for the donor (and requesters of that food, see foods/contact-visibility.test.ts).
  const hidesEmailFromAnonymous = (actor: Actor, res: LightMyRequestResponse) => {
    const body = res.json();
    for (const f of Array.isArray(body) ? body : [body]) {
      if (actor === 'anonymous') expect(f.Donator).not.toHaveProperty('Email');
      else if (actor === 'owner' && f.Donator.Name === donor.name) expect(f.Donator.Email).toBe(donor.email);
      else if (actor === 'other' && f.Donator.Email !== undefined) expect(f.Donator.Email).toBe(stranger.email);
    }
  };

  const rows: Row[] = [
    {
      label: 'POST /api/jwt {email: owner} (owner = that email)',
      expect: { anonymous: 401, owner: 200, other: 401 },
      run: (a) => send('POST', '/api/jwt', pick(a, donor), { email: donor.email }),
      check: (a, res) => {
        if (a !== 'owner') expect(res.headers['set-cookie']).toBeUndefined();
      },
    },
    {
      label: 'GET /api/logout (owner = a fresh session of the donor)',
      expect: { anonymous: 200, owner: 200, other: 200 },
      run: async (a) => {
        // A separate session, so the actors' own cookies stay valid.
        const who = a === 'anonymous' ? null : a === 'owner' ? donor : stranger;
        if (!who) return send('GET', '/api/logout', null);
        return send('GET', '/api/logout', { ...who, cookie: (await signInAgain(t.app, who)).cookie });
      },
    },
    {
      label: 'GET /api/foods?sortByQuantity=true&limit=6 (featured)',
      expect: { anonymous: 200, owner: 200, other: 200 },
      run: (a) => send('GET', '/api/foods?sortByQuantity=true&limit=6', pick(a, donor)),
      check: hidesEmailFromAnonymous,
    },
    {
      label: 'GET /api/foods?sortByDate=dec&search=apple (list)',
      expect: { anonymous: 200, owner: 200, other: 200 },
      run: (a) => send('GET', '/api/foods?sortByDate=dec&search=apple', pick(a, donor)),
      check: hidesEmailFromAnonymous,
    },
    {
      label: 'GET /api/foods?email={owner} (owner = that email)',
      expect: { anonymous: 401, owner: 200, other: 403 },
      run: (a) => send('GET', `/api/foods?email=${encodeURIComponent(donor.email)}`, pick(a, donor)),
    },
    {
      label: 'GET /api/foods/{id}',
      expect: { anonymous: 200, owner: 200, other: 200 },
      run: async (a) => send('GET', `/api/foods/${await food(donor)}`, pick(a, donor)),
      check: hidesEmailFromAnonymous,
    },
    {
      label: 'GET /api/foods/{unknown id}',
      expect: { anonymous: 404, owner: 404, other: 404 },
      run: (a) => send('GET', `/api/foods/${UNKNOWN}`, pick(a, donor)),
    },
    {
      label: 'POST /api/foods (owner = any signed-in user)',
      expect: { anonymous: 401, owner: 201, other: 201 },
      run: (a) => send('POST', '/api/foods', pick(a, donor), foodBody()),
    },
    {
      label: 'PUT /api/foods/{id} (owner = donor)',
      expect: { anonymous: 401, owner: 200, other: 403 },
      run: async (a) => send('PUT', `/api/foods/${await food(donor)}`, pick(a, donor), foodBody({ FoodName: 'Changed' })),
    },
    {
      label: 'PUT /api/foods/{unknown id}',
      expect: { anonymous: 401, owner: 404, other: 404 },
      run: (a) => send('PUT', `/api/foods/${UNKNOWN}`, pick(a, donor), foodBody()),
    },
    {
      label: 'DELETE /api/foods/{id} (owner = donor)',
      expect: { anonymous: 401, owner: 200, other: 403 },
      run: async (a) => {
        const id = await food(donor);
        await request(id, requester); // deleting must not be refused nor leak through its requests
        return send('DELETE', `/api/foods/${id}`, pick(a, donor));
      },
    },
    {
      label: 'DELETE /api/foods/{unknown id}',
      expect: { anonymous: 401, owner: 404, other: 404 },
      run: (a) => send('DELETE', `/api/foods/${UNKNOWN}`, pick(a, donor)),
    },
    {
      label: 'POST /api/requests (owner = the food\'s donor)',
      expect: { anonymous: 401, owner: 409, other: 201 },
      run: async (a) => send('POST', '/api/requests', pick(a, donor), { FoodId: await food(donor) }),
    },
    {
      label: 'POST /api/requests, already pending (owner = requester)',
      expect: { anonymous: 401, owner: 409, other: 201 },
      run: async (a) => {
        const id = await food(donor);
        await request(id, requester);
        return send('POST', '/api/requests', pick(a, requester), { FoodId: id });
      },
    },
    {
      label: 'POST /api/requests, expired food (owner = donor)',
      expect: { anonymous: 401, owner: 409, other: 409 },
      run: async (a) => send('POST', '/api/requests', pick(a, donor), { FoodId: await food(donor, -2) }),
    },
    {
      label: 'POST /api/requests, unknown food',
      expect: { anonymous: 401, owner: 404, other: 404 },
      run: (a) => send('POST', '/api/requests', pick(a, donor), { FoodId: UNKNOWN }),
    },
    {
      label: 'GET /api/requests/{foodId} (owner = donor)',
      expect: { anonymous: 401, owner: 200, other: 403 },
      run: async (a) => {
        const id = await food(donor);
        await request(id, requester);
        return send('GET', `/api/requests/${id}`, pick(a, donor));
      },
    },
    {
      label: 'GET /api/requests/{unknown foodId}',
      expect: { anonymous: 401, owner: 404, other: 404 },
      run: (a) => send('GET', `/api/requests/${UNKNOWN}`, pick(a, donor)),
    },
    {
      label: 'GET /api/requests?email={owner} (owner = that email)',
      expect: { anonymous: 401, owner: 200, other: 403 },
      run: (a) => send('GET', `/api/requests?email=${encodeURIComponent(requester.email)}`, pick(a, requester)),
    },
    {
      label: 'PATCH /api/requests/{id} Delivered (owner = donor; other = requester)',
      expect: { anonymous: 401, owner: 200, other: 403 },
      run: async (a) => {
        const id = await request(await food(donor), requester);
        return send('PATCH', `/api/requests/${id}`, pick(a, donor, requester), { Status: 'Delivered' });
      },
    },
    {
      label: 'PATCH /api/requests/{id} already delivered (owner = donor)',
      expect: { anonymous: 401, owner: 409, other: 403 },
      run: async (a) => {
        const id = await request(await food(donor), requester);
        await deliver(id);
        return send('PATCH', `/api/requests/${id}`, pick(a, donor), { Status: 'Delivered' });
      },
    },
    {
      label: 'DELETE /api/requests/{id} (owner = requester; other = donor)',
      expect: { anonymous: 401, owner: 200, other: 403 },
      run: async (a) => {
        const id = await request(await food(donor), requester);
        return send('DELETE', `/api/requests/${id}`, pick(a, requester, donor));
      },
    },
    {
      label: 'DELETE /api/requests/{id} delivered (owner = requester)',
      expect: { anonymous: 401, owner: 409, other: 403 },
      run: async (a) => {
        const id = await request(await food(donor), requester);
        await deliver(id);
        return send('DELETE', `/api/requests/${id}`, pick(a, requester));
      },
    },
    {
      label: 'DELETE /api/requests/{unknown id}',
      expect: { anonymous: 401, owner: 404, other: 404 },
      run: (a) => send('DELETE', `/api/requests/${UNKNOWN}`, pick(a, requester)),
    },
    {
      label: "POST /api/auth/update-user (other sends the owner's email)",
      expect: { anonymous: 401, owner: 200, other: 400 },
      run: (a) =>
        send(
          'POST',
          '/api/auth/update-user',
          pick(a, donor),
          a === 'other' ? { name: 'Mallory', email: donor.email } : { name: 'Dana Donor', image: donor.image },
        ),
    },
  ];

  it('answers every cell with the exact status and changes nothing when it refuses', async () => {
    expect(await runMatrix(rows, backend, snapshot, () => beforeCall)).toEqual([]);
  });
});
