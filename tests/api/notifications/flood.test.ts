// Request–cancel pairs from one person make
// one notification of each kind at the donor, not one per event (the in-app
// notification stays immediate); a new-request mail waits its grace period and is
// dropped when the request is cancelled meanwhile; one requester causes at most 3
// new-request mails to one donor a day.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outbox } from '../../../src/server/outbox/schema.js';
import { NEW_REQUEST_MAILS_PER_DAY } from '../../../src/server/notifications/limits.js';
import { recipient } from '../../support/inbox.js';
import { appWithInbox, BACKENDS, call, foodBody, signUp, startApp, type InboxApp, type Person, type TestApp } from '../harness.js';

describe.each(BACKENDS)('notification and mail flood on %s', (backend) => {
  let t: InboxApp;
  let quick: TestApp;
  beforeAll(async () => {
    // The default grace period (2 minutes), and a short one to see mails go out.
    t = await appWithInbox(backend);
    quick = await startApp(backend, { SMTP_URL: t.inbox.url, NEW_REQUEST_MAIL_DELAY_MS: '300' });
  });
  afterAll(async () => {
    await quick?.close();
    await t?.close();
  });

  const food = async (app: TestApp, donor: Person, name: string): Promise<string> =>
    (await call(app.app, 'POST', '/api/foods', donor, foodBody({ FoodName: name }))).json().insertedId;
  const mailsTo = (who: Person) => t.inbox.messages.filter((m) => recipient(m) === who.email && m.subject?.startsWith('New request'));

  it('20 request–cancel pairs: two notifications at the donor at once, no mail', async () => {
    const donor = await signUp(t.app, 'Dot Donor');
    const attacker = await signUp(t.app, 'Flo Flood');
    const foodId = await food(t, donor, 'Soup');
    for (let i = 0; i < 20; i++) {
      const made = await call(t.app, 'POST', '/api/requests', attacker, { FoodId: foodId, AdditionalNotes: `try ${i}` });
      expect(made.statusCode).toBe(201);
      // Immediate: the donor sees the request before any mail could go.
      if (i === 0) expect((await call(t.app, 'GET', '/api/notifications?limit=5', donor)).json()).toHaveLength(1);
      expect((await call(t.app, 'DELETE', `/api/requests/${made.json().insertedId}`, attacker)).statusCode).toBe(200);
    }
    const list = (await call(t.app, 'GET', '/api/notifications?limit=100', donor)).json() as { Type: string; Body: string }[];
    console.log(`[flood ${backend}] 20 request–cancel pairs → ${list.length} notifications at the donor`);
    expect(list.map((n) => n.Type).sort()).toEqual(['request.cancelled', 'request.created']);
    expect(list.find((n) => n.Type === 'request.created')!.Body).toContain('try 19');
    expect((await call(t.app, 'GET', '/api/notifications/unread-count', donor)).json()).toEqual({ count: 2 });
    // Every queued new-request mail was dropped with its request.
    await t.app.outbox.whenIdle();
    expect(await t.app.db.select().from(outbox)).toEqual([]);
    expect(mailsTo(donor)).toEqual([]);
  });

  it(`one requester causes at most ${NEW_REQUEST_MAILS_PER_DAY} new-request mails to one donor a day; others still mail`, async () => {
    const donor = await signUp(quick.app, 'Deb Donor');
    const eager = await signUp(quick.app, 'Eve Eager');
    const other = await signUp(quick.app, 'Oli Other');
    for (let i = 0; i < 5; i++) {
      const made = await call(quick.app, 'POST', '/api/requests', eager, { FoodId: await food(quick, donor, `Dish ${i}`) });
      expect(made.statusCode).toBe(201);
    }
    await call(quick.app, 'POST', '/api/requests', other, { FoodId: await food(quick, donor, 'Dish 5') });
    // Past the 300 ms grace period, everything sendable is sent.
    for (let i = 0; i < 100 && mailsTo(donor).length < 4; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 500));
    await quick.app.outbox.whenIdle();
    const subjects = mailsTo(donor).map((m) => m.subject).sort();
    console.log(`[flood ${backend}] 5 requests of one person + 1 of another → ${subjects.length} mails to the donor`);
    expect(subjects).toEqual(['New request for Dish 0', 'New request for Dish 1', 'New request for Dish 2', 'New request for Dish 5']);
  });
});
