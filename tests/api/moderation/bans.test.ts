// Bans in Better Auth's admin plugin's columns: a ban for some days ends the person's
// sessions and live stream, refuses their sign-in saying until when and how to appeal,
// hides their listings and mails them why; unban lifts it; a ban is all or nothing;
// a ban without an end keeps them out for good.
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipient, waitForMail } from '../../support/inbox.js';
import { openReady } from '../../support/sse.js';
import { appWithInbox, BACKENDS, call, foodBody, listenForEvents, signInAgain, signInWith, type InboxApp, type Person } from '../harness.js';
import { listing, person, publicNames, SAFETY_ENV, signUpModerator } from './support.js';

type Who = Person & { id: string };

describe.each(BACKENDS)('bans on %s', (backend) => {
  let t: InboxApp;
  let mod: Who;
  let user: Who;
  let eventsUrl: string;

  beforeAll(async () => {
    t = await appWithInbox(backend, SAFETY_ENV);
    mod = await signUpModerator(t.app, 'Mo Moderator');
    user = await person(t.app, 'Uma User', true);
    eventsUrl = await listenForEvents(t.app);
  });
  afterAll(() => t.close());

  const act = (who: Person | null, body: Record<string, unknown>) => call(t.app, 'POST', '/api/moderation/actions', who, body);


  it('bans for 7 days: sessions end, sign-in is refused, listings hidden, a mail says why; unban lifts it', async () => {
    const bad = await person(t.app, 'Bart Banned', true);
    const foodId = await listing(t.app, bad, 'Banned Bagels');
    const stream = await openReady(eventsUrl, bad.cookie);
    const before = Date.now();
    const res = await act(mod, { Action: 'Ban', TargetType: 'user', TargetId: bad.id, Reason: 'Repeated spam', Days: 7 });
    expect(res.statusCode, res.body).toBe(200);
    // The live stream of the banned session ends within 1 s (its session row is deleted).
    const closed = await stream.next((e) => e.event === 'closed', 1000);
    expect(JSON.parse(closed.data)).toEqual({ reason: 'session-ended' });
    stream.close();
    expect((await call(t.app, 'GET', '/api/auth/get-session', bad)).json()).toBeNull();
    expect((await call(t.app, 'POST', '/api/foods', bad, foodBody())).statusCode).toBe(401);
    const signIn = await signInWith(t.app, { email: bad.email });
    expect(signIn.statusCode).toBe(403);
    // Until when, and how to appeal: not a bare "suspended".
    expect(signIn.json().message).toMatch(/^This account is suspended until \d{1,2} \w+ \d{4} at \d{2}:\d{2} UTC\. To appeal, reply to the email that told you why/);
    expect((await publicNames(t.app, null, 'Bagels')).flat()).not.toContain('Banned Bagels');
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`, user)).statusCode).toBe(404);
    const mail = await waitForMail(t.inbox, (m) => recipient(m) === bad.email && m.subject === 'Your Plateful account is suspended');
    expect(mail.subject).toBe('Your Plateful account is suspended');
    expect(mail.text).toContain('Reason: Repeated spam');
    const until = new Date(mail.text!.match(/until (.+ GMT)/)![1]!).getTime();
    expect(until).toBeGreaterThanOrEqual(Math.floor((before + 7 * 86_400_000) / 1000) * 1000);
    expect(until).toBeLessThan(Date.now() + 7 * 86_400_000 + 1000);
    const log = (await call(t.app, 'GET', '/api/moderation/log', mod)).json();
    expect(log[0]).toMatchObject({ Action: 'Ban', TargetType: 'user', TargetId: bad.id, Reason: 'Repeated spam', Days: 7, TargetName: 'Bart Banned', TargetBanned: true, TargetHidden: null });
    // Moderators cannot ban themselves.
    expect((await act(mod, { Action: 'Ban', TargetType: 'user', TargetId: mod.id, Reason: 'x' })).statusCode).toBe(400);

    expect((await act(mod, { Action: 'Unban', TargetType: 'user', TargetId: bad.id, Reason: 'Appeal accepted' })).json().modifiedCount).toBe(1);
    // signInAgain fails unless the sign-in answers 200.
    expect((await signInAgain(t.app, bad)).cookie).toContain('session_token');
    expect((await publicNames(t.app, null, 'Bagels')).flat()).toContain('Banned Bagels');
  });

  it('bans all or nothing: a fault at the audit entry leaves no ban, no ended session, no hidden listing and no mail', async () => {
    const maybe = await person(t.app, 'Faye Fault', true);
    await listing(t.app, maybe, 'Faulty Fennel');
    const suspended = (m: Parameters<typeof recipient>[0]) => recipient(m) === maybe.email && m.subject === 'Your Plateful account is suspended';
    // The audit entry is the ban's last write: make it fail.
    await t.app.db.execute(sql`create function fail_audit() returns trigger language plpgsql as $$ begin raise exception 'audit log down'; end $$`);
    await t.app.db.execute(sql`create trigger fail_audit before insert on moderation_log for each row execute function fail_audit()`);
    try {
      expect((await act(mod, { Action: 'Ban', TargetType: 'user', TargetId: maybe.id, Reason: 'Spam', Days: 1 })).statusCode).toBe(500);
    } finally {
      await t.app.db.execute(sql`drop trigger fail_audit on moderation_log`);
      await t.app.db.execute(sql`drop function fail_audit()`);
    }
    // Not banned: the session still works, sign-in succeeds, the listing shows.
    expect((await call(t.app, 'GET', '/api/auth/get-session', maybe)).json()?.user?.email).toBe(maybe.email);
    expect((await signInAgain(t.app, maybe)).cookie).toContain('session_token');
    expect((await publicNames(t.app, null, 'Fennel')).flat()).toContain('Faulty Fennel');
    expect((await call(t.app, 'GET', '/api/moderation/log', mod)).json().some((e: { TargetId: string }) => e.TargetId === maybe.id)).toBe(false);

    // The same ban without the fault: one mail, sent after the failed attempt would have been.
    expect((await act(mod, { Action: 'Ban', TargetType: 'user', TargetId: maybe.id, Reason: 'Spam', Days: 1 })).statusCode).toBe(200);
    await waitForMail(t.inbox, suspended);
    expect(t.inbox.messages.filter(suspended)).toHaveLength(1);
    expect((await publicNames(t.app, null, 'Fennel')).flat()).not.toContain('Faulty Fennel');
  });

  it('bans for good without an end, and the banned person cannot come back', async () => {
    const bad = await person(t.app, 'Forever Fred', true);
    await listing(t.app, bad, 'Forever Figs');
    expect((await act(mod, { Action: 'Ban', TargetType: 'user', TargetId: bad.id, Reason: 'Fraud' })).statusCode).toBe(200);
    const mail = await waitForMail(t.inbox, (m) => recipient(m) === bad.email && m.subject === 'Your Plateful account is suspended');
    expect(mail.text).toContain('suspended your account for good');
    expect((await publicNames(t.app, null, 'Figs')).flat()).not.toContain('Forever Figs');
    const signIn = await signInWith(t.app, { email: bad.email });
    expect(signIn.statusCode).toBe(403);
    expect((await act(mod, { Action: 'Ban', TargetType: 'food', TargetId: bad.id, Reason: 'x' })).statusCode).toBe(400);
  });

});
