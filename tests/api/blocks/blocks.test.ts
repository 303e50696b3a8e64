// Blocking: two-way and silent. Neither sees the other's listings (lists,
// search, detail), neither requests the other's food or writes to the other (409
// with a neutral text), open requests between them are cancelled; the access
// matrix of /api/blocks; unblocking restores everything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKENDS, call, startApp, type Person, type TestApp } from '../harness.js';
import { listing, person, publicNames, request } from '../moderation/support.js';

type Who = Person & { id: string };

describe.each(BACKENDS)('blocking on %s', (backend) => {
  let t: TestApp;
  let alice: Who;
  let bob: Who;
  let carol: Who;

  beforeAll(async () => {
    t = await startApp(backend);
    alice = await person(t.app, 'Alice');
    bob = await person(t.app, 'Bob');
    carol = await person(t.app, 'Carol');
  });
  afterAll(() => t.close());

  it('answers the access matrix: anonymous 401, oneself 400, unknown 404, twice 409', async () => {
    expect((await call(t.app, 'POST', '/api/blocks', null, { UserId: bob.id })).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/blocks', null)).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', `/api/blocks/${bob.id}`, null)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/blocks', alice, { UserId: alice.id })).statusCode).toBe(400);
    expect((await call(t.app, 'POST', '/api/blocks', alice, { UserId: 'nobody' })).statusCode).toBe(404);
    expect((await call(t.app, 'POST', '/api/blocks', alice, {})).statusCode).toBe(400);
    expect((await call(t.app, 'GET', '/api/blocks', alice)).json()).toEqual([]);
  });

  it('hides listings both ways, refuses requests and messages neutrally, cancels open requests, and tells the blocked nothing', async () => {
    const aliceFood = await listing(t.app, alice, 'Alice Apricots');
    const bobFood = await listing(t.app, bob, 'Bob Beans');
    const bobAsks = await request(t.app, bob, aliceFood);
    const aliceAsks = await request(t.app, alice, bobFood);
    const otherFood = await listing(t.app, alice, 'Alice Asparagus');
    await call(t.app, 'POST', `/api/requests/${bobAsks}/messages`, bob, { Body: 'Hi' });
    const bobNoticesBefore = (await call(t.app, 'GET', '/api/notifications', bob)).json().length;

    const res = await call(t.app, 'POST', '/api/blocks', alice, { UserId: bob.id });
    expect(res.statusCode).toBe(201);
    expect((await call(t.app, 'POST', '/api/blocks', alice, { UserId: bob.id })).statusCode).toBe(409);
    expect((await call(t.app, 'GET', '/api/blocks', alice)).json()).toEqual([{ _id: bob.id, Name: 'Bob', Image: bob.image, BlockedAt: expect.any(String) }]);
    expect((await call(t.app, 'GET', '/api/blocks', bob)).json()).toEqual([]);

    // Listings, both ways; Carol and anonymous visitors still see both.
    expect((await publicNames(t.app, alice, 'Bob Beans')).flat()).not.toContain('Bob Beans');
    expect((await publicNames(t.app, bob, 'Alice')).flat().filter((n) => n.startsWith('Alice'))).toEqual([]);
    expect((await publicNames(t.app, carol, 'Bob Beans')).every((l) => l.includes('Bob Beans'))).toBe(true);
    expect((await publicNames(t.app, null, 'Alice Apricots')).every((l) => l.includes('Alice Apricots'))).toBe(true);
    expect((await call(t.app, 'GET', `/api/foods/${bobFood}`, alice)).statusCode).toBe(404);
    expect((await call(t.app, 'GET', `/api/foods/${aliceFood}`, bob)).statusCode).toBe(404);

    // Open requests between them are gone, with their conversations.
    expect((await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(bob.email)}`, bob)).json()).toEqual([]);
    expect((await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(alice.email)}`, alice)).json()).toEqual([]);
    expect((await call(t.app, 'GET', `/api/requests/${bobAsks}/messages`, bob)).statusCode).toBe(404);
    expect(aliceAsks).toBeTruthy();

    // Requests both ways: a neutral 409 that names no block.
    for (const [who, food] of [
      [bob, otherFood],
      [alice, bobFood],
    ] as const) {
      const refused = await call(t.app, 'POST', '/api/requests', who, { FoodId: food });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().detail).toBe('This is not possible right now.');
      expect(refused.body.toLowerCase()).not.toContain('block');
    }
    // Silent: Bob got no notification of any of it.
    expect((await call(t.app, 'GET', '/api/notifications', bob)).json().length).toBe(bobNoticesBefore);
  });

  it('refuses messages in an older conversation between them (a delivered hand-over)', async () => {
    const dan = await person(t.app, 'Dan');
    const erin = await person(t.app, 'Erin');
    const requestId = await request(t.app, erin, await listing(t.app, dan, 'Dan Dates'));
    await call(t.app, 'PATCH', `/api/requests/${requestId}`, dan, { Status: 'Delivered' });
    await call(t.app, 'POST', '/api/blocks', erin, { UserId: dan.id });
    for (const who of [dan, erin]) {
      const res = await call(t.app, 'POST', `/api/requests/${requestId}/messages`, who, { Body: 'Hello?' });
      expect(res.statusCode).toBe(409);
      expect(res.json().detail).toBe('This is not possible right now.');
    }
    // The delivered request stays (only open ones are cancelled).
    expect((await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(erin.email)}`, erin)).json()).toHaveLength(1);
  });

  it('unblocks: listings and requests come back', async () => {
    expect((await call(t.app, 'DELETE', `/api/blocks/${bob.id}`, alice)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await call(t.app, 'DELETE', `/api/blocks/${bob.id}`, alice)).json()).toEqual({ acknowledged: true, deletedCount: 0 });
    expect((await publicNames(t.app, alice, 'Bob Beans')).every((l) => l.includes('Bob Beans'))).toBe(true);
    const food = await listing(t.app, alice, 'Alice Almonds');
    expect((await call(t.app, 'POST', '/api/requests', bob, { FoodId: food })).statusCode).toBe(201);
  });
});
