// The conversation of a request: who may read and write it, what it
// answers, the body's limits, and what a cancelled request leaves (404).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

describe.each(BACKENDS)('messages API on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let requester: Person;
  let stranger: Person;
  let requestId: string;
  const url = () => `/api/requests/${requestId}/messages`;

  beforeAll(async () => {
    t = await startApp(backend);
    donor = await signUp(t.app, 'Dana Donor');
    requester = await signUp(t.app, 'Rita Requester');
    stranger = await signUp(t.app, 'Sam Stranger');
    const foodId = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Vegetable Soup' }))).json().insertedId;
    requestId = (await call(t.app, 'POST', '/api/requests', requester, { FoodId: foodId })).json().insertedId;
  });
  afterAll(() => t.close());

  it('lets donor and requester write and read, oldest first, with names, photos and Mine', async () => {
    const first = await call(t.app, 'POST', url(), requester, { Body: '  Can I come at 6pm?  ' });
    expect(first.statusCode).toBe(201);
    expect(first.json()).toEqual({ acknowledged: true, insertedId: expect.any(String) });
    const second = await call(t.app, 'POST', url(), donor, { Body: 'Yes, ring twice.' });
    expect(second.statusCode).toBe(201);

    const asRequester = (await call(t.app, 'GET', url(), requester)).json();
    expect(asRequester).toEqual([
      {
        _id: first.json().insertedId,
        RequestId: requestId,
        Sender: { Name: 'Rita Requester', Image: requester.image, _id: expect.any(String) },
        Mine: true,
        Body: 'Can I come at 6pm?',
        SentAt: expect.any(String),
      },
      {
        _id: second.json().insertedId,
        RequestId: requestId,
        Sender: { Name: 'Dana Donor', Image: donor.image, _id: expect.any(String) },
        Mine: false,
        Body: 'Yes, ring twice.',
        SentAt: expect.any(String),
      },
    ]);
    expect(Date.parse(asRequester[0].SentAt)).toBeLessThanOrEqual(Date.parse(asRequester[1].SentAt));
    const asDonor = (await call(t.app, 'GET', url(), donor)).json();
    expect(asDonor.map((m: { Mine: boolean }) => m.Mine)).toEqual([false, true]);
  });

  it('says what the conversation is about: the food, the status and the other person, to each side', async () => {
    const about = `/api/requests/${requestId}/conversation`;
    const asRequester = await call(t.app, 'GET', about, requester);
    expect(asRequester.statusCode, asRequester.body).toBe(200);
    expect(asRequester.json()).toEqual({
      RequestId: requestId,
      FoodId: expect.any(String),
      FoodName: 'Vegetable Soup',
      Status: 'Pending',
      You: 'Requester',
      With: { _id: expect.any(String), Name: 'Dana Donor', Image: donor.image },
    });
    expect((await call(t.app, 'GET', about, donor)).json()).toMatchObject({ You: 'Donor', With: { Name: 'Rita Requester', Image: requester.image } });
    expect((await call(t.app, 'GET', about, null)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', about, stranger)).statusCode).toBe(403);
  });

  it('answers 401 signed out, 403 to anyone else, 404 for an unknown request, 400 for a bad id', async () => {
    for (const method of ['GET', 'POST'] as const) {
      const body = method === 'POST' ? { Body: 'hello' } : undefined;
      expect((await call(t.app, method, url(), null, body)).statusCode).toBe(401);
      const forbidden = await call(t.app, method, url(), stranger, body);
      expect(forbidden.statusCode).toBe(403);
      expect(forbidden.headers['content-type']).toMatch(/application\/problem\+json/);
      const unknown = '/api/requests/00000000-0000-4000-8000-000000000000/messages';
      expect((await call(t.app, method, unknown, donor, body)).statusCode).toBe(404);
      expect((await call(t.app, method, '/api/requests/not-a-uuid/messages', donor, body)).statusCode).toBe(400);
    }
    expect((await call(t.app, 'GET', url(), donor)).json()).toHaveLength(2);
  });

  it('refuses an empty, blank or too long body with a 400 problem naming Body, and writes nothing', async () => {
    for (const Body of ['', '   \n ', 'x'.repeat(2001), 'a\u0000b']) {
      const res = await call(t.app, 'POST', url(), requester, { Body });
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].field).toBe('Body');
    }
    expect((await call(t.app, 'POST', url(), requester, {})).statusCode).toBe(400);
    expect((await call(t.app, 'POST', url(), requester, { Body: 'hi', Extra: 1 })).statusCode).toBe(400);
    const longest = await call(t.app, 'POST', url(), requester, { Body: ` ${'y'.repeat(2000)} ` });
    expect(longest.statusCode).toBe(201);
    const all = (await call(t.app, 'GET', url(), requester)).json();
    expect(all).toHaveLength(3);
    expect(all[2].Body).toHaveLength(2000);
  });

  it('stays open after Delivered; a cancelled request takes its conversation with it (404)', async () => {
    expect((await call(t.app, 'PATCH', `/api/requests/${requestId}`, donor, { Status: 'Delivered' })).statusCode).toBe(200);
    expect((await call(t.app, 'POST', url(), requester, { Body: 'Thank you!' })).statusCode).toBe(201);
    expect((await call(t.app, 'GET', url(), donor)).json()).toHaveLength(4);

    const foodId = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Bread' }))).json().insertedId;
    const pending = (await call(t.app, 'POST', '/api/requests', requester, { FoodId: foodId })).json().insertedId;
    const thread = `/api/requests/${pending}/messages`;
    expect((await call(t.app, 'POST', thread, requester, { Body: 'Still there?' })).statusCode).toBe(201);
    expect((await call(t.app, 'DELETE', `/api/requests/${pending}`, requester)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', thread, requester)).statusCode).toBe(404);
    expect((await call(t.app, 'POST', thread, donor, { Body: 'Hello?' })).statusCode).toBe(404);
  });
});
