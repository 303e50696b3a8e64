// Sessions that really end: after logout, a password reset or a password
// change, the old cookies read nothing personal at once (no cookie-cache window);
// change-password always ends the other sessions; the Account page's session list,
// "Sign out" of one and "Sign out everywhere else".
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recipient, resetLinkOf, waitForMail } from '../../support/inbox.js';
import { appWithInbox, BACKENDS, call, cookieHeader, foodBody, signInWith, signUp, type InboxApp, type Person } from '../harness.js';

describe.each(BACKENDS)('sessions end at once on %s', (backend) => {
  let t: InboxApp;
  let donor: Person;
  let foodId: string;
  beforeAll(async () => {
    t = await appWithInbox(backend);
    donor = await signUp(t.app, 'Dot Donor');
    foodId = (await call(t.app, 'POST', '/api/foods', donor, foodBody())).json().insertedId;
  });
  afterAll(() => t?.close());

  /** A signed-in user with a request for the donor's food (so the donor's email is theirs to read). */
  async function requesterWithRequest(name: string) {
    const p = await signUp(t.app, name);
    expect((await call(t.app, 'POST', '/api/requests', p, { FoodId: foodId, AdditionalNotes: '', DonationMoney: '' })).statusCode).toBe(201);
    return p;
  }

  const signIn = (email: string, password: string, ua = 'Test Browser') =>
    signInWith(t.app, { email, password, headers: { 'user-agent': ua } });

  /** Every personal read a replayed cookie could try; all must come back empty. */
  async function expectDead(p: Person) {
    expect((await call(t.app, 'GET', '/api/auth/get-session', p)).json()).toBeNull();
    expect((await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(p.email)}`, p)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', `/api/foods/${foodId}`, p)).json().Donator).not.toHaveProperty('Email');
    expect((await call(t.app, 'GET', '/api/account/sessions', p)).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/jwt', p, { email: p.email })).statusCode).toBe(401);
  }

  async function expectAlive(p: Person) {
    expect((await call(t.app, 'GET', '/api/auth/get-session', p)).json()?.user.email).toBe(p.email);
    expect((await call(t.app, 'GET', `/api/requests?email=${encodeURIComponent(p.email)}`, p)).statusCode).toBe(200);
  }

  it('logout (GET /api/logout and Better Auth sign-out) ends reads at once', async () => {
    const p = await requesterWithRequest('Lia Logout');
    await expectAlive(p);
    expect((await call(t.app, 'GET', '/api/logout', p)).statusCode).toBe(200);
    await expectDead(p);

    const second = { ...p, cookie: cookieHeader(await signIn(p.email, 'correct-horse-1')) };
    await expectAlive(second);
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/sign-out', headers: { cookie: second.cookie, origin: 'http://plateful.test' }, payload: {} })).statusCode).toBe(200);
    await expectDead(second);
  });

  it('a password reset ends every session of the account at once', async () => {
    const p = await requesterWithRequest('Ria Reset');
    const other = { ...p, cookie: cookieHeader(await signIn(p.email, 'correct-horse-1')) };
    await expectAlive(p);
    await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: p.email, redirectTo: '/reset-password' } });
    const mail = await waitForMail(t.inbox, (m: ParsedMail) => recipient(m) === p.email && m.subject === 'Reset your Plateful password');
    const token = resetLinkOf(mail).searchParams.get('token')!;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'after-reset-7' } })).statusCode).toBe(200);
    await expectDead(p);
    await expectDead(other);
  });

  it('change-password ends every other session even when the client asks to keep them; the caller stays signed in', async () => {
    const p = await requesterWithRequest('Cai Change');
    const other = { ...p, cookie: cookieHeader(await signIn(p.email, 'correct-horse-1')) };
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/change-password',
      headers: { cookie: p.cookie, origin: 'http://plateful.test' },
      payload: { currentPassword: 'correct-horse-1', newPassword: 'changed-pass-8', revokeOtherSessions: false },
    });
    expect(res.statusCode).toBe(200);
    await expectDead(other);
    // The caller continues on the fresh session the answer set.
    const renewed = { ...p, cookie: cookieHeader(res) };
    await expectAlive(renewed);
    expect((await signIn(p.email, 'correct-horse-1')).statusCode).toBe(401);
    expect((await signIn(p.email, 'changed-pass-8')).statusCode).toBe(200);
  });

  it('lists the sessions with device, address and activity; ends one, then all others', async () => {
    const p = await signUp(t.app, 'Sia Sessions');
    const phone = { ...p, cookie: cookieHeader(await signIn(p.email, 'correct-horse-1', 'Phone Browser/1.0')) };
    const tablet = { ...p, cookie: cookieHeader(await signIn(p.email, 'correct-horse-1', 'Tablet Browser/2.0')) };

    const list = await call(t.app, 'GET', '/api/account/sessions', p);
    expect(list.statusCode).toBe(200);
    expect(list.headers['cache-control']).toBe('private, no-store');
    const sessions = list.json() as { _id: string; UserAgent: string; IpAddress: string; LastActiveAt: string; Current: boolean }[];
    expect(sessions).toHaveLength(3);
    expect(sessions.filter((s) => s.Current)).toHaveLength(1);
    expect(sessions.map((s) => s.UserAgent)).toEqual(expect.arrayContaining(['Phone Browser/1.0', 'Tablet Browser/2.0']));
    for (const s of sessions) {
      expect(s.IpAddress).toBe('127.0.0.1');
      expect(Date.now() - Date.parse(s.LastActiveAt)).toBeLessThan(60_000);
      expect(s).not.toHaveProperty('token');
    }

    // Someone else cannot end them.
    const phoneId = sessions.find((s) => s.UserAgent === 'Phone Browser/1.0')!._id;
    const stranger = await signUp(t.app, 'Stu Stranger');
    expect((await call(t.app, 'DELETE', `/api/account/sessions/${phoneId}`, stranger)).statusCode).toBe(404);
    await expectAliveSession(phone);

    expect((await call(t.app, 'DELETE', `/api/account/sessions/${phoneId}`, p)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await call(t.app, 'GET', '/api/auth/get-session', phone)).json()).toBeNull();
    await expectAliveSession(tablet);

    expect((await call(t.app, 'DELETE', '/api/account/sessions', p)).json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await call(t.app, 'GET', '/api/auth/get-session', tablet)).json()).toBeNull();
    await expectAliveSession(p);
    expect((await call(t.app, 'GET', '/api/account/sessions', p)).json()).toHaveLength(1);
  });

  async function expectAliveSession(p: Person) {
    expect((await call(t.app, 'GET', '/api/auth/get-session', p)).json()?.user.email).toBe(p.email);
  }

  it('refuses the account endpoints without a session, and a malformed session id', async () => {
    expect((await call(t.app, 'GET', '/api/account/sessions', null)).statusCode).toBe(401);
    expect((await call(t.app, 'GET', '/api/account/export', null)).statusCode).toBe(401);
    expect((await call(t.app, 'DELETE', '/api/account/sessions', null)).statusCode).toBe(401);
    const bad = await call(t.app, 'DELETE', '/api/account/sessions/not-a-uuid', donor);
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
  });
});
