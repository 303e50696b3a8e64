// Notifications: one for each event type to the right person, written with
// the event (a refused event writes none), the unread count, mark-read, paging,
// access, and the email preferences.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

describe.each(BACKENDS)('notifications API on %s', (backend) => {
  let t: TestApp;
  let donor: Person;
  let requester: Person;
  let other: Person;

  beforeAll(async () => {
    t = await startApp(backend);
    donor = await signUp(t.app, 'Dana Donor');
    requester = await signUp(t.app, 'Rita Requester');
    other = await signUp(t.app, 'Otto Other');
  });
  afterAll(() => t.close());

  const list = async (who: Person, query = '') => (await call(t.app, 'GET', `/api/notifications${query}`, who)).json();
  const unread = async (who: Person) => (await call(t.app, 'GET', '/api/notifications/unread-count', who)).json().count;
  const addFood = async (name: string) => (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: name }))).json().insertedId;
  const request = async (who: Person, foodId: string) =>
    (await call(t.app, 'POST', '/api/requests', who, { FoodId: foodId, AdditionalNotes: 'After 6pm' })).json().insertedId;

  it('tells the donor of a new request and of a cancellation, the requester of delivery, each other of messages', async () => {
    const foodId = await addFood('Soup');
    const requestId = await request(requester, foodId);
    const [created] = await list(donor);
    expect(created).toEqual({
      _id: expect.any(String),
      Type: 'request.created',
      Title: 'New request for Soup',
      Body: 'Rita Requester requested Soup. Notes: After 6pm',
      Link: `/manage-food/${foodId}`,
      CreatedAt: expect.any(String),
      ReadAt: null,
    });

    await call(t.app, 'POST', `/api/requests/${requestId}/messages`, requester, { Body: 'When can I come?' });
    expect((await list(donor))[0]).toMatchObject({
      Type: 'message.created',
      Title: 'New message from Rita Requester',
      Body: 'When can I come?',
      Link: `/requests/${requestId}`,
    });
    await call(t.app, 'POST', `/api/requests/${requestId}/messages`, donor, { Body: 'x'.repeat(300) });
    const [reply] = await list(requester);
    expect(reply).toMatchObject({ Type: 'message.created', Title: 'New message from Dana Donor', Link: `/requests/${requestId}` });
    expect(reply.Body.length).toBeLessThanOrEqual(140);

    await call(t.app, 'PATCH', `/api/requests/${requestId}`, donor, { Status: 'Delivered' });
    expect((await list(requester))[0]).toMatchObject({
      Type: 'request.delivered',
      Title: 'Soup was delivered',
      Body: 'Dana Donor marked your request for Soup as delivered.',
      // The conversation, where feedback on the hand-over is given.
      Link: `/requests/${requestId}`,
    });

    const bread = await addFood('Bread');
    const cancelled = await request(other, bread);
    await call(t.app, 'DELETE', `/api/requests/${cancelled}`, other);
    expect((await list(donor))[0]).toMatchObject({
      Type: 'request.cancelled',
      Body: 'Otto Other cancelled their request for Bread.',
      Link: `/manage-food/${bread}`,
    });
    // Nobody is told about their own actions.
    expect((await list(other)).map((n: { Type: string }) => n.Type)).toEqual([]);
  });

  it('tells each requester with a pending request when the food is deleted, not those already served', async () => {
    const foodId = await addFood('Muffins');
    const served = await signUp(t.app, 'Served Sue');
    const servedRequest = await request(served, foodId);
    // Some muffins are left after Sue's, so the listing stays open for others.
    await call(t.app, 'PATCH', `/api/requests/${servedRequest}`, donor, { Status: 'Delivered', SomeLeft: true });
    await request(requester, foodId);
    await request(other, foodId);
    const servedBefore = (await list(served)).length;
    expect((await call(t.app, 'DELETE', `/api/foods/${foodId}`, donor)).statusCode).toBe(200);
    for (const who of [requester, other]) {
      expect((await list(who))[0]).toMatchObject({
        Type: 'food.deleted',
        Title: 'Muffins is no longer available',
        Body: 'Dana Donor removed Muffins, so your request was withdrawn.',
        Link: '/available-foods',
      });
    }
    expect(await list(served)).toHaveLength(servedBefore);
  });

  it('writes nothing for a refused event', async () => {
    const before = (await list(donor)).length;
    const foodId = await addFood('Apples');
    expect((await call(t.app, 'POST', '/api/requests', donor, { FoodId: foodId })).statusCode).toBe(409);
    // Someone new: a further request of an earlier requester would fold into their unread notification.
    const newcomer = await signUp(t.app, 'Nia Newcomer');
    const requestId = await request(newcomer, foodId);
    expect((await call(t.app, 'POST', '/api/requests', newcomer, { FoodId: foodId })).statusCode).toBe(409);
    await call(t.app, 'PATCH', `/api/requests/${requestId}`, donor, { Status: 'Delivered' });
    const requesterBefore = (await list(newcomer)).length;
    expect((await call(t.app, 'PATCH', `/api/requests/${requestId}`, donor, { Status: 'Delivered' })).statusCode).toBe(409);
    expect(await list(newcomer)).toHaveLength(requesterBefore);
    expect(await list(donor)).toHaveLength(before + 1);
  });

  it('counts unread, marks some or all read, and never touches another user’s', async () => {
    const total = (await list(donor, '?limit=100')).length;
    expect(await unread(donor)).toBe(total);
    const [a, b] = await list(donor);
    const some = await call(t.app, 'POST', '/api/notifications/read', donor, { ids: [a._id, b._id] });
    expect(some.json()).toEqual({ acknowledged: true, modifiedCount: 2 });
    expect(await unread(donor)).toBe(total - 2);
    expect((await list(donor))[0].ReadAt).toEqual(expect.any(String));
    // Again: nothing left to change. Someone else's ids: nothing changes.
    expect((await call(t.app, 'POST', '/api/notifications/read', donor, { ids: [a._id] })).json().modifiedCount).toBe(0);
    const requesterUnread = await unread(requester);
    const [theirs] = await list(requester);
    expect((await call(t.app, 'POST', '/api/notifications/read', donor, { ids: [theirs._id] })).json().modifiedCount).toBe(0);
    expect(await unread(requester)).toBe(requesterUnread);

    const all = await call(t.app, 'POST', '/api/notifications/read', donor, { all: true });
    expect(all.json()).toEqual({ acknowledged: true, modifiedCount: total - 2 });
    expect(await unread(donor)).toBe(0);
    expect(await unread(requester)).toBe(requesterUnread);
    for (const bad of [{}, { ids: [] }, { ids: ['nope'] }, { all: false }, { all: true, ids: [a._id] }]) {
      expect((await call(t.app, 'POST', '/api/notifications/read', donor, bad)).statusCode).toBe(400);
    }
  });

  it('pages newest first with X-Next-Cursor and Link', async () => {
    const everything = await list(donor, '?limit=100');
    const first = await call(t.app, 'GET', '/api/notifications?limit=2', donor);
    expect(first.json()).toEqual(everything.slice(0, 2));
    const cursor = first.headers['x-next-cursor'] as string;
    expect(first.headers.link).toBe(`</api/notifications?limit=2&cursor=${cursor}>; rel="next"`);
    const second = await call(t.app, 'GET', `/api/notifications?limit=2&cursor=${cursor}`, donor);
    expect(second.json()).toEqual(everything.slice(2, 4));
    const times = everything.map((n: { CreatedAt: string }) => Date.parse(n.CreatedAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    const last = await call(t.app, 'GET', `/api/notifications?limit=100`, donor);
    expect(last.headers['x-next-cursor']).toBeUndefined();
    for (const q of ['limit=0', 'limit=101', 'cursor=abc']) {
      expect((await call(t.app, 'GET', `/api/notifications?${q}`, donor)).statusCode).toBe(400);
    }
  });

  it('answers 401 signed out on every notification and preference endpoint', async () => {
    const calls = [
      ['GET', '/api/notifications'],
      ['GET', '/api/notifications/unread-count'],
      ['POST', '/api/notifications/read', { all: true }],
      ['GET', '/api/email-preferences'],
      ['PUT', '/api/email-preferences', { NewRequests: false, RequestUpdates: true, Messages: true }],
      ['GET', '/api/events'],
    ] as const;
    for (const [method, url, body] of calls) {
      const res = await call(t.app, method, url, null, body);
      expect(res.statusCode, `${method} ${url}`).toBe(401);
      expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    }
  });

  it('keeps email preferences per user, all on by default', async () => {
    expect((await call(t.app, 'GET', '/api/email-preferences', other)).json()).toEqual({ NewRequests: true, RequestUpdates: true, Messages: true });
    const put = await call(t.app, 'PUT', '/api/email-preferences', other, { NewRequests: false, RequestUpdates: true, Messages: false });
    expect(put.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const same = await call(t.app, 'PUT', '/api/email-preferences', other, { NewRequests: false, RequestUpdates: true, Messages: false });
    expect(same.json().modifiedCount).toBe(0);
    expect((await call(t.app, 'GET', '/api/email-preferences', other)).json()).toEqual({ NewRequests: false, RequestUpdates: true, Messages: false });
    expect((await call(t.app, 'GET', '/api/email-preferences', donor)).json()).toEqual({ NewRequests: true, RequestUpdates: true, Messages: true });
    const bad = await call(t.app, 'PUT', '/api/email-preferences', other, { NewRequests: 'no', RequestUpdates: true, Messages: true });
    expect(bad.statusCode).toBe(400);
    expect((await call(t.app, 'PUT', '/api/email-preferences', other, { NewRequests: true })).statusCode).toBe(400);
  });
});
