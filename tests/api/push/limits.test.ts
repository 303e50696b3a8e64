// How far one account can make the server post to push services: at most 10 devices
// per account (an eleventh drops the oldest, so one event makes at most 10 POSTs);
// endpoints on the default https port only; p256dh keys that are points on P-256; a
// new-request push waits the mail's grace period (and goes nowhere when the request is
// cancelled meanwhile) and shares the mail's daily cap per requester and donor; every
// push one person causes to another counts against a daily cap per pair.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pushSubscriptions } from '../../../src/server/push/schema.js';
import { users } from '../../../src/server/db/schema/index.js';
import { consume } from '../../../src/server/http/limits.js';
import { NEW_REQUEST_MAILS_PER_DAY } from '../../../src/server/notifications/limits.js';
import { MAX_SUBSCRIPTIONS, PUSHES_PER_SENDER_PER_DAY, pushCounterKey } from '../../../src/server/push/repository.js';
import { decryptPayload, newDevice, startPushService, waitForPushes, type Device, type PushService } from '../../support/push-service.js';
import { BACKENDS, call, foodBody, signUp, startApp, type Person, type TestApp } from '../harness.js';

const GRACE_MS = 600;
const ENV = { PUSH_ALLOW_PRIVATE: 'true', PUBLIC_URL: 'https://plateful.example', NEW_REQUEST_MAIL_DELAY_MS: String(GRACE_MS) };

describe.each(BACKENDS)('push limits on %s', (backend) => {
  let push: PushService;
  let t: TestApp;

  beforeAll(async () => {
    push = await startPushService();
    t = await startApp(backend, ENV);
  });
  afterAll(async () => {
    await t?.close();
    await push?.close();
  });

  const idOf = async (who: Person) => (await t.app.db.select({ id: users.id }).from(users).where(eq(users.email, who.email)))[0]!.id;
  const subscribe = (who: Person, device: Device, path: string) =>
    call(t.app, 'POST', '/api/push-subscriptions', who, { endpoint: `${push.origin}${path}`, keys: device.keys });
  const endpointsOf = async (who: Person) =>
    (await t.app.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, await idOf(who)))).map((s) => s.endpoint.slice(push.origin.length)).sort();
  const requestFood = async (donor: Person, requester: Person, name: string) => {
    const foodId = (await call(t.app, 'POST', '/api/foods', donor, foodBody({ FoodName: name }))).json().insertedId;
    const res = await call(t.app, 'POST', '/api/requests', requester, { FoodId: foodId });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().insertedId as string;
  };
  const at = (path: string) => push.received.filter((p) => p.path === path);

  it('keeps at most 10 devices per account, the newest, however they arrive; one message makes 10 POSTs', async () => {
    const rita = await signUp(t.app, 'Rita');
    const dana = await signUp(t.app, 'Dana');
    const devices = Array.from({ length: 14 }, () => newDevice());
    for (let i = 0; i < 12; i++) {
      expect((await subscribe(rita, devices[i]!, `/cap/${String(i).padStart(2, '0')}`)).statusCode).toBe(201);
      expect((await endpointsOf(rita)).length).toBeLessThanOrEqual(MAX_SUBSCRIPTIONS);
    }
    expect(await endpointsOf(rita)).toEqual(Array.from({ length: 10 }, (_, i) => `/cap/${String(i + 2).padStart(2, '0')}`));
    // Concurrent subscriptions cannot overshoot either; the newest is always kept.
    const both = await Promise.all([subscribe(rita, devices[12]!, '/cap/12'), subscribe(rita, devices[13]!, '/cap/13')]);
    expect(both.map((r) => r.statusCode)).toEqual([201, 201]);
    const kept = await endpointsOf(rita);
    expect(kept).toHaveLength(MAX_SUBSCRIPTIONS);
    expect(kept).toEqual(expect.arrayContaining(['/cap/12', '/cap/13', '/cap/11']));

    const requestId = await requestFood(dana, rita, 'Capped Carrots');
    const before = push.received.length;
    expect((await call(t.app, 'POST', `/api/requests/${requestId}/messages`, dana, { Body: 'Hello' })).statusCode).toBe(201);
    await waitForPushes(push, (p) => p.path.startsWith('/cap/'), MAX_SUBSCRIPTIONS);
    await t.app.outbox.whenIdle();
    const sent = push.received.slice(before).filter((p) => p.path.startsWith('/cap/'));
    expect(sent.map((p) => p.path).sort()).toEqual(kept);
  });

  it('waits the grace period before a new-request push, and drops it when the request is cancelled meanwhile', async () => {
    const dana = await signUp(t.app, 'Dana');
    const phone = newDevice();
    expect((await subscribe(dana, phone, '/grace')).statusCode).toBe(201);
    const quitter = await signUp(t.app, 'Quick Quitter');
    const cancelled = await requestFood(dana, quitter, 'Gone Grapes');
    expect((await call(t.app, 'DELETE', `/api/requests/${cancelled}`, quitter)).statusCode).toBe(200);
    const started = performance.now();
    await requestFood(dana, await signUp(t.app, 'Patient Pat'), 'Kept Kale');
    const [got] = await waitForPushes(push, (p) => p.path === '/grace');
    expect(got!.at - started).toBeGreaterThanOrEqual(GRACE_MS - 50);
    await new Promise((r) => setTimeout(r, GRACE_MS));
    await t.app.outbox.whenIdle();
    expect(at('/grace').map((p) => JSON.parse(decryptPayload(p.body, phone)).Title)).toEqual(['New request for Kept Kale']);
  });

  it(`pushes at most ${NEW_REQUEST_MAILS_PER_DAY} new requests of one requester to one donor a day, as it mails`, async () => {
    const dana = await signUp(t.app, 'Dana');
    const rex = await signUp(t.app, 'Rex');
    expect((await subscribe(dana, newDevice(), '/daily')).statusCode).toBe(201);
    for (let i = 0; i <= NEW_REQUEST_MAILS_PER_DAY; i++) await requestFood(dana, rex, `Daily Dates ${i}`);
    await waitForPushes(push, (p) => p.path === '/daily', NEW_REQUEST_MAILS_PER_DAY);
    await new Promise((r) => setTimeout(r, GRACE_MS + 200));
    await t.app.outbox.whenIdle();
    expect(at('/daily')).toHaveLength(NEW_REQUEST_MAILS_PER_DAY);
  });

  it(`caps the pushes one person causes to another at ${PUSHES_PER_SENDER_PER_DAY.max} a day`, async () => {
    const dana = await signUp(t.app, 'Dana');
    const rita = await signUp(t.app, 'Rita');
    expect((await subscribe(rita, newDevice(), '/pair')).statusCode).toBe(201);
    const requestId = await requestFood(dana, rita, 'Chatty Cherries');
    // Dana has caused all but one of today's pushes to Rita already.
    const key = pushCounterKey(await idOf(dana), await idOf(rita));
    for (let i = 1; i < PUSHES_PER_SENDER_PER_DAY.max; i++) await consume(t.app.db, key, PUSHES_PER_SENDER_PER_DAY);
    for (const body of ['One', 'Two', 'Three']) {
      expect((await call(t.app, 'POST', `/api/requests/${requestId}/messages`, dana, { Body: body })).statusCode).toBe(201);
    }
    await waitForPushes(push, (p) => p.path === '/pair');
    await t.app.outbox.whenIdle();
    expect(at('/pair')).toHaveLength(1);
    // Notifications still come in the app.
    const titles = (await call(t.app, 'GET', '/api/notifications', rita)).json().map((n: { Title: string }) => n.Title);
    expect(titles).toContain('New message from Dana');
  });
});

describe('push subscriptions without the test setting', () => {
  it('accept only the default https port and keys that are points on P-256', async () => {
    const t = await startApp('pglite');
    try {
      const who = await signUp(t.app);
      const keys = newDevice().keys;
      for (const endpoint of ['https://8.8.8.8:25/push/x', 'https://8.8.8.8:8443/push/x', 'https://push.example:465/x']) {
        const res = await call(t.app, 'POST', '/api/push-subscriptions', who, { endpoint, keys });
        expect(res.statusCode, endpoint).toBe(400);
        expect(res.json().errors).toEqual([{ field: 'endpoint', message: 'A push endpoint must use the default https port (443).' }]);
      }
      expect((await call(t.app, 'POST', '/api/push-subscriptions', who, { endpoint: 'https://8.8.8.8:443/push/a', keys })).statusCode).toBe(201);
      expect((await call(t.app, 'POST', '/api/push-subscriptions', who, { endpoint: 'https://8.8.8.8/push/b', keys })).statusCode).toBe(201);
      // 65 bytes starting 0x04, as an uncompressed point is, but not on the curve.
      const offCurve = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 1)]).toString('base64url');
      const res = await call(t.app, 'POST', '/api/push-subscriptions', who, { endpoint: 'https://8.8.8.8/push/c', keys: { ...keys, p256dh: offCurve } });
      expect(res.statusCode).toBe(400);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.json().errors).toEqual([{ field: 'keys.p256dh', message: 'is not a point on the P-256 curve' }]);
    } finally {
      await t.close();
    }
  });
});
