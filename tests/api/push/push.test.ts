// Web Push against a local push service: the VAPID JWT (audience, expiry,
// subject) and the aes128gcm payload decrypted with the subscription's keys; TTL per
// type; per-kind push switches; 410 deletes the subscription, 429 is retried; endpoints
// must be public https; two app instances on one PostgreSQL send each push once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../../src/server/push/schema.js';
import { decryptPayload, newDevice, startPushService, verifyVapid, waitForPushes, type Device, type PushService, type ReceivedPush } from '../../support/push-service.js';
import { BACKENDS, TEST_VAPID, call, foodBody, signUp, startApp, twoInstances, type Person, type TestApp } from '../harness.js';

const PUBLIC_URL = 'https://plateful.example';
// No grace period here: a new-request push waits NEW_REQUEST_MAIL_DELAY_MS like its mail (push-limits.test.ts).
const ENV = { PUSH_ALLOW_PRIVATE: 'true', PUBLIC_URL, NEW_REQUEST_MAIL_DELAY_MS: '0' };

/** An outbox that retries quickly (429 test). */
const OPTS = { outbox: { retryBaseMs: 50, pollMs: 200 } };

describe.each(BACKENDS)('web push on %s', (backend) => {
  let push: PushService;
  let t: TestApp;
  let donor: Person;
  let requester: Person;
  let phone: Device;
  let n = 0;

  beforeAll(async () => {
    push = await startPushService();
    t = await startApp(backend, ENV, OPTS);
    donor = await signUp(t.app, 'Dana Donor');
    requester = await signUp(t.app, 'Rita Requester');
    phone = newDevice();
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  const subscribe = (who: Person, device: Device, p: string) =>
    call(t.app, 'POST', '/api/push-subscriptions', who, { endpoint: `${push.origin}${p}`, expirationTime: null, keys: device.keys });
  const addFood = async (name: string) => (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: name }))).json().insertedId as string;
  /** A request for a new listing `name`, by `who` (default: a new Rita, as one requester's new-request pushes to one donor are capped a day). */
  const request = async (name: string, who?: Person) => {
    const foodId = await addFood(name);
    const by = who ?? (await signUp(t.app, 'Rita Requester'));
    const res = await call(t.app, 'POST', '/api/requests', by, { FoodId: foodId, AdditionalNotes: 'After 6pm' });
    expect(res.statusCode).toBe(201);
    return { foodId, requestId: res.json().insertedId as string };
  };
  const decoded = (p: ReceivedPush, device: Device) => JSON.parse(decryptPayload(p.body, device));

  it('answers the VAPID public key', async () => {
    const res = await call(t.app, 'GET', '/api/push/public-key');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ publicKey: TEST_VAPID.VAPID_PUBLIC_KEY });
  });

  it('refuses bad subscriptions and anonymous callers', async () => {
    const keys = newDevice().keys;
    expect((await call(t.app, 'POST', '/api/push-subscriptions', null, { endpoint: `${push.origin}/x`, keys })).statusCode).toBe(401);
    const http = await call(t.app, 'POST', '/api/push-subscriptions', donor, { endpoint: 'http://push.example/x', keys });
    expect(http.statusCode).toBe(400);
    expect(http.json().errors[0].field).toBe('endpoint');
    const short = await call(t.app, 'POST', '/api/push-subscriptions', donor, { endpoint: `${push.origin}/x`, keys: { ...keys, auth: 'AAAA' } });
    expect(short.statusCode).toBe(400);
  });

  it('pushes a new request to the donor: VAPID JWT for the push origin, decrypted payload, TTL of the type', async () => {
    n = push.received.length;
    expect((await subscribe(donor, phone, '/donor-phone')).statusCode).toBe(201);
    const started = performance.now();
    const { foodId, requestId } = await request('Soup & <Bread> "fresh"');
    const answered = performance.now();
    const [got] = await waitForPushes(push, (p) => p.path === '/donor-phone');
    // The answer comes after the commit: answer → push is an upper bound of commit → push.
    console.log(`[push] ${backend}: request sent → push received ${(got!.at - started).toFixed(1)} ms; answered → received ${(got!.at - answered).toFixed(1)} ms`);
    expect(push.received.length).toBe(n + 1);

    const { claims, publicKey } = verifyVapid(got!);
    expect(publicKey).toBe(TEST_VAPID.VAPID_PUBLIC_KEY);
    expect(claims.aud).toBe(push.origin);
    expect(claims.sub).toBe('https://plateful.example');
    const now = Date.now() / 1000;
    expect(claims.exp).toBeGreaterThan(now);
    expect(claims.exp).toBeLessThanOrEqual(now + 24 * 3600);

    expect(got!.headers['content-encoding']).toBe('aes128gcm');
    expect(got!.headers.ttl).toBe(String(24 * 3600));
    expect(got!.headers.urgency).toBe('normal');
    expect(decoded(got!, phone)).toEqual({
      Title: 'New request for Soup & <Bread> "fresh"',
      Body: 'Rita Requester requested Soup & <Bread> "fresh". Notes: After 6pm',
      Link: `/manage-food/${foodId}`,
      Tag: `request-${requestId}`,
    });
    // Nothing about anyone's address travels in a push.
    expect(decryptPayload(got!.body, phone)).not.toContain('@');
  });

  it('pushes a message with its own TTL and urgency, and one device per row to the requester', async () => {
    const laptop = newDevice();
    const tablet = newDevice();
    expect((await subscribe(requester, laptop, '/rita-laptop')).statusCode).toBe(201);
    expect((await subscribe(requester, tablet, '/rita-tablet')).statusCode).toBe(201);
    const { requestId } = await request('Rice', requester);
    const res = await call(t.app, 'POST', `/api/requests/${requestId}/messages`, donor, { Body: 'Come at 7' });
    expect(res.statusCode).toBe(201);
    const [a] = await waitForPushes(push, (p) => p.path === '/rita-laptop');
    const [b] = await waitForPushes(push, (p) => p.path === '/rita-tablet');
    expect(a!.headers.ttl).toBe(String(4 * 3600));
    expect(a!.headers.urgency).toBe('high');
    expect(decoded(a!, laptop)).toEqual({ Title: 'New message from Dana Donor', Body: 'Come at 7', Link: `/requests/${requestId}`, Tag: `conversation-${requestId}` });
    expect(decoded(b!, tablet).Body).toBe('Come at 7');
    await t.app.outbox.whenIdle();
    expect(push.received.filter((p) => p.path.startsWith('/rita-')).length).toBe(2);
  });

  it('switches push per kind: NewRequests off stops request pushes, not message pushes nor mails', async () => {
    expect((await call(t.app, 'GET', '/api/push-preferences', donor)).json()).toEqual({ NewRequests: true, RequestUpdates: true, Messages: true });
    const put = await call(t.app, 'PUT', '/api/push-preferences', donor, { NewRequests: false, RequestUpdates: true, Messages: true });
    expect(put.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    const before = push.received.filter((p) => p.path === '/donor-phone').length;
    const { requestId } = await request('Pasta', requester);
    await t.app.outbox.whenIdle();
    expect(push.received.filter((p) => p.path === '/donor-phone').length).toBe(before);
    expect((await call(t.app, 'GET', '/api/email-preferences', donor)).json().NewRequests).toBe(true);

    await call(t.app, 'POST', `/api/requests/${requestId}/messages`, requester, { Body: 'Thanks!' });
    const pushes = await waitForPushes(push, (p) => p.path === '/donor-phone', before + 1);
    expect(decoded(pushes.at(-1)!, phone).Title).toBe('New message from Rita Requester');
    await call(t.app, 'PUT', '/api/push-preferences', donor, { NewRequests: true, RequestUpdates: true, Messages: true });
  });

  it('deletes a subscription whose push service answers 410, and stops pushing to it', async () => {
    const old = newDevice();
    const res = await subscribe(donor, old, '/gone');
    push.answer('/gone', 410);
    await request('Bananas');
    await waitForPushes(push, (p) => p.path === '/gone');
    await t.app.outbox.whenIdle();
    expect(await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, res.json().insertedId))).toEqual([]);
    await request('Carrots');
    await t.app.outbox.whenIdle();
    expect(push.received.filter((p) => p.path === '/gone').length).toBe(1);
  });

  it('retries a push the service answered 429 and then 503, and delivers it once', async () => {
    const busy = newDevice();
    await subscribe(donor, busy, '/busy');
    push.answer('/busy', 429, 503);
    await request('Oranges');
    const tries = await waitForPushes(push, (p) => p.path === '/busy', 3);
    await t.app.outbox.whenIdle();
    expect(push.received.filter((p) => p.path === '/busy').length).toBe(3);
    expect(decoded(tries[2]!, busy).Title).toBe('New request for Oranges');
    expect((await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.endpoint, `${push.origin}/busy`))).length).toBe(1);
  });

  it('turns a device off by its endpoint (only the owner\'s)', async () => {
    const endpoint = `${push.origin}/busy`;
    expect((await call(t.app, 'DELETE', '/api/push-subscriptions', requester, { endpoint })).json()).toEqual({ acknowledged: true, deletedCount: 0 });
    expect((await call(t.app, 'DELETE', '/api/push-subscriptions', donor, { endpoint })).json()).toEqual({ acknowledged: true, deletedCount: 1 });
  });
});

describe('push endpoints without the test setting', () => {
  it('refuses loopback and private addresses, as the image proxy does', async () => {
    const t = await startApp('pglite');
    try {
      const who = await signUp(t.app);
      const keys = newDevice().keys;
      for (const endpoint of ['https://127.0.0.1/x', 'https://[::1]/x', 'https://10.1.2.3/x', 'https://localhost/x', 'https://169.254.169.254/x']) {
        const res = await call(t.app, 'POST', '/api/push-subscriptions', who, { endpoint, keys });
        expect(res.statusCode, endpoint).toBe(400);
        expect(res.json().detail).toMatch(/public internet address/);
      }
      expect((await call(t.app, 'POST', '/api/push-subscriptions', who, { endpoint: 'https://8.8.8.8/push/abc', keys })).statusCode).toBe(201);
    } finally {
      await t.close();
    }
  });
});

describe.runIf(BACKENDS.includes('postgres'))('web push with two app instances on one PostgreSQL', () => {
  it('send each push once', async () => {
    const push = await startPushService();
    const { a, b, close } = await twoInstances(ENV, OPTS);
    try {
      const donor = await signUp(a, 'Dana Donor');
      // Four requesters, none past the daily cap of new-request pushes to one donor.
      const requesters: Person[] = [];
      for (let i = 0; i < 4; i++) requesters.push(await signUp(i % 2 ? b : a, `R${i}`));
      const phone = newDevice();
      await call(b, 'POST', '/api/push-subscriptions', donor, { endpoint: `${push.origin}/donor`, keys: phone.keys });
      const tags: string[] = [];
      for (let i = 0; i < 10; i++) {
        const app = i % 2 ? b : a;
        const foodId = (await call(app, 'POST', '/api/foods', donor, foodBody({ FoodName: `Food ${i}` }))).json().insertedId;
        const res = await call(app, 'POST', '/api/requests', requesters[i % 4], { FoodId: foodId });
        tags.push(`request-${res.json().insertedId}`);
      }
      await waitForPushes(push, (p) => p.path === '/donor', 10);
      await Promise.all([a.outbox.whenIdle(), b.outbox.whenIdle()]);
      const got = push.received.map((p) => JSON.parse(decryptPayload(p.body, phone)).Tag as string);
      expect(got.sort()).toEqual(tags.sort());
    } finally {
      await close();
      await push.close();
    }
  });
});
