// `GET /api/events` over real HTTP: notification and unread events within
// 1 s, message events to both parties, Last-Event-ID replay, and — on PostgreSQL —
// events written by one app instance reaching a stream held by another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openEvents, openReady, type SseClient } from '../../support/sse.js';
import { BACKENDS, call, foodBody, listenForEvents, signUp, startApp, twoInstances, type Person, type TestApp } from '../harness.js';

/** Ports of this file's listening servers (a range no other test file uses). */
const PORTS = { pglite: 14611, postgres: 14621 } as const;

describe.each(BACKENDS)('live events on %s', (backend) => {
  let t: TestApp;
  let url: string;
  let donor: Person;
  let requester: Person;
  const streams: SseClient[] = [];
  const open = async (who?: Person, lastId?: string) => {
    const s = await openEvents(url, who?.cookie, lastId);
    streams.push(s);
    return s;
  };

  beforeAll(async () => {
    t = await startApp(backend);
    url = await listenForEvents(t.app, PORTS[backend]);
    donor = await signUp(t.app, 'Dana Donor');
    requester = await signUp(t.app, 'Rita Requester');
  });
  afterAll(async () => {
    streams.forEach((s) => s.close());
    await t.close();
  });

  it('refuses anonymous streams with 401 and opens with the unread count', async () => {
    const anonymous = await open();
    expect(anonymous.status).toBe(401);
    const s = await open(donor);
    expect(s.status).toBe(200);
    expect(JSON.parse((await s.next((e) => e.event === 'unread')).data)).toEqual({ count: 0 });
  });

  it('sends the donor the new request notification and the unread count within 1 s', async () => {
    const s = await open(donor);
    await s.next((e) => e.event === 'unread');
    const foodId = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Soup' }))).json().insertedId;
    const sent = performance.now();
    const res = await call(t.app, 'POST', '/api/requests', requester, { FoodId: foodId });
    const committed = performance.now();
    expect(res.statusCode).toBe(201);
    const n = await s.next((e) => e.event === 'notification', 1000);
    const data = JSON.parse(n.data);
    expect(data).toMatchObject({ Type: 'request.created', Title: 'New request for Soup', ReadAt: null });
    expect(n.id).toBe(data._id);
    const u = await s.next((e) => e.event === 'unread' && JSON.parse(e.data).count === 1, 1000);
    expect(u.at - sent).toBeLessThan(1000);
    console.log(`[sse ${backend}] request → notification: ${(n.at - sent).toFixed(1)} ms from send, ${(n.at - committed).toFixed(1)} ms after the answer`);

    // Marking read updates the count on every open stream of the user.
    const other = await open(donor);
    await other.next((e) => e.event === 'unread');
    await call(t.app, 'POST', '/api/notifications/read', donor, { all: true });
    await other.next((e) => e.event === 'unread' && JSON.parse(e.data).count === 0, 1000);
    await s.next((e) => e.event === 'unread' && JSON.parse(e.data).count === 0, 1000);
  });

  it('sends a new message to both parties, Mine for the sender only', async () => {
    const [mine] = (await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(requester.email)}`, requester)).json();
    const toDonor = await open(donor);
    const toRequester = await open(requester);
    await toDonor.next((e) => e.event === 'unread');
    await toRequester.next((e) => e.event === 'unread');
    const id = (await call(t.app, 'POST', `/api/requests/${mine._id}/messages`, requester, { Body: 'At 6?' })).json().insertedId;
    const a = JSON.parse((await toDonor.next((e) => e.event === 'message', 1000)).data);
    const b = JSON.parse((await toRequester.next((e) => e.event === 'message', 1000)).data);
    expect(a).toMatchObject({ _id: id, RequestId: mine._id, Body: 'At 6?', Mine: false, Sender: { Name: 'Rita Requester' } });
    expect(b).toMatchObject({ _id: id, Mine: true });
    await toDonor.next((e) => e.event === 'notification' && JSON.parse(e.data).Type === 'message.created', 1000);
    // The sender gets no notification of their own message.
    await new Promise((r) => setTimeout(r, 200));
    expect(toRequester.events.filter((e) => e.event === 'notification')).toEqual([]);
  });

  it('replays the notifications after Last-Event-ID, oldest first, with their ids', async () => {
    const before = (await call(t.app, 'GET', '/api/notifications?limit=1', donor)).json()[0];
    // Two requesters: two requests of one person would fold into one notification.
    const second = await signUp(t.app, 'Sam Second');
    for (const [name, who] of [['Bread', requester], ['Rice', second]] as const) {
      const foodId = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: name }))).json().insertedId;
      await call(t.app, 'POST', '/api/requests', who, { FoodId: foodId });
    }
    const s = await open(donor, before._id);
    await s.next((e) => e.event === 'unread');
    const replayed = s.events.filter((e) => e.event === 'notification');
    expect(replayed.map((e) => JSON.parse(e.data).Title)).toEqual(['New request for Bread', 'New request for Rice']);
    expect(replayed.map((e) => e.id)).toEqual(replayed.map((e) => JSON.parse(e.data)._id));
  });
});

describe.runIf(BACKENDS.includes('postgres'))('live events across two app instances on one PostgreSQL', () => {
  it('delivers an event written through one instance to a stream held by the other within 1 s', async () => {
    const { a, b, close } = await twoInstances();
    let s: SseClient | undefined;
    try {
      const urlB = await listenForEvents(b, 14631);
      const donor = await signUp(a, 'Dana Donor');
      const requester = await signUp(a, 'Rita Requester');
      s = await openReady(urlB, donor.cookie);
      const foodId = (await call(a, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Soup' }))).json().insertedId;
      const sent = performance.now();
      await call(a, 'POST', '/api/requests', requester, { FoodId: foodId });
      const committed = performance.now();
      const n = await s.next((e) => e.event === 'notification', 1000);
      expect(JSON.parse(n.data)).toMatchObject({ Type: 'request.created' });
      await s.next((e) => e.event === 'unread' && JSON.parse(e.data).count === 1, 1000);
      console.log(`[sse two processes] request on A → notification on B: ${(n.at - sent).toFixed(1)} ms from send, ${(n.at - committed).toFixed(1)} ms after the answer`);
    } finally {
      s?.close();
      await close();
    }
  });
});
