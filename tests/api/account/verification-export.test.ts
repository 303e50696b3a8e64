// Email verification, the data export and account deletion (GDPR
// Art. 15/20 and 17).
import { eq } from 'drizzle-orm';
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { VERIFICATION_SUBJECT } from '../../../src/server/auth/verification.js';
import { foods, requests, users } from '../../../src/server/db/schema/index.js';
import { outbox } from '../../../src/server/outbox/schema.js';
import { recipient, waitForMail } from '../../support/inbox.js';
import { appWithInbox, BACKENDS, call, cookieHeader, foodBody, signInWith, signUp, startApp, type InboxApp, type Person, type TestApp } from '../harness.js';

/** A Better Auth POST as the web client sends it (its CSRF check wants our Origin). */
const authPost = (t: TestApp, path: string, who: Person, payload: object, origin = 'http://localhost:3000') =>
  t.app.inject({ method: 'POST', url: path, headers: { cookie: who.cookie, origin }, payload });

const verificationFor = (email: string) => (m: ParsedMail) => recipient(m) === email && m.subject === VERIFICATION_SUBJECT;

function linkOf(mail: ParsedMail): URL {
  const match = /https?:\/\/\S+\/api\/auth\/verify-email\?\S+/.exec(mail.text ?? '');
  if (!match) throw new Error(`no verification link in: ${mail.text}`);
  return new URL(match[0]);
}

describe.each(BACKENDS)('email verification on %s', (backend) => {
  let t: InboxApp;
  beforeAll(async () => {
    t = await appWithInbox(backend);
  });
  afterAll(() => t?.close());

  it('sign-up stays signed in, unverified, and mails a 24-hour link that verifies once and signs nobody in', async () => {
    const p = await signUp(t.app, 'Vera Verify');
    const session = (await call(t.app, 'GET', '/api/auth/get-session', p)).json();
    expect(session.user).toMatchObject({ email: p.email, emailVerified: false });
    // Unverified accounts may do everything the spec shows.
    expect((await call(t.app, 'POST', '/api/foods', p, foodBody())).statusCode).toBe(201);

    const link = linkOf(await waitForMail(t.inbox, verificationFor(p.email)));
    expect(link.origin).toBe('http://plateful.test');
    expect(link.searchParams.get('callbackURL')).toBe('/?verified=1');
    const token = link.searchParams.get('token')!;
    const payload = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { exp: number; iat: number };
    expect(payload.exp - payload.iat).toBe(24 * 60 * 60);

    // Opened in another browser (no cookie): verifies, lands on / (where the client says so), and makes no session.
    const first = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(first.statusCode).toBe(302);
    expect(first.headers.location).toBe('/?verified=1');
    expect(cookieHeader(first)).not.toMatch(/session_token/);
    expect((await call(t.app, 'GET', '/api/auth/get-session', p)).json().user.emailVerified).toBe(true);

    // A second use changes nothing and makes no session either.
    const again = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(again.statusCode).toBe(302);
    expect(again.headers.location).toBe('/?verified=1');
    expect(cookieHeader(again)).not.toMatch(/session_token/);
    const [row] = await t.app.db.select().from(users).where(eq(users.email, p.email));
    expect(row!.emailVerified).toBe(true);
  });

  it('refuses a forged or altered link', async () => {
    const p = await signUp(t.app, 'Fay Forged');
    const link = linkOf(await waitForMail(t.inbox, verificationFor(p.email)));
    link.searchParams.set('token', `${link.searchParams.get('token')!.slice(0, -2)}xx`);
    const res = await t.app.inject({ method: 'GET', url: link.pathname + link.search });
    expect(res.headers.location).toBe('/?verified=1&error=INVALID_TOKEN');
    expect((await call(t.app, 'GET', '/api/auth/get-session', p)).json().user.emailVerified).toBe(false);
  });

  it('"Resend email" sends a fresh link to the signed-in user; an unknown address answers the same', async () => {
    const p = await signUp(t.app, 'Remy Resend');
    await waitForMail(t.inbox, verificationFor(p.email));
    const res = await authPost(t, '/api/auth/send-verification-email', p, { email: p.email, callbackURL: '/' }, 'http://plateful.test');
    expect(res.statusCode).toBe(200);
    for (let i = 0; i < 100 && t.inbox.messages.filter(verificationFor(p.email)).length < 2; i++) await new Promise((r) => setTimeout(r, 50));
    expect(t.inbox.messages.filter(verificationFor(p.email))).toHaveLength(2);
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/send-verification-email', payload: { email: 'nobody-v@example.org' } });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(res.json());
  });
});

describe.each(BACKENDS)('data export and account deletion on %s', (backend) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(backend);
  });
  afterAll(() => t?.close());

  async function world() {
    const user = await signUp(t.app, 'Erin Export');
    const other = await signUp(t.app, 'Otis Other');
    const mine = (await call(t.app, 'POST', '/api/foods', user, foodBody({ FoodName: 'My Bread' }))).json().insertedId as string;
    const theirs = (await call(t.app, 'POST', '/api/foods', other, foodBody({ FoodName: 'Their Rice' }))).json().insertedId as string;
    const myRequest = (await call(t.app, 'POST', '/api/requests', user, { FoodId: theirs, AdditionalNotes: 'mine', DonationMoney: '2' })).json().insertedId as string;
    const theirRequest = (await call(t.app, 'POST', '/api/requests', other, { FoodId: mine, AdditionalNotes: 'theirs', DonationMoney: '' })).json().insertedId as string;
    return { user, other, mine, theirs, myRequest, theirRequest };
  }

  it('exports the profile, sign-in methods, sessions, listings and requests as a JSON download', async () => {
    const w = await world();
    const res = await call(t.app, 'GET', '/api/account/export', w.user);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="plateful-export-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const data = res.json();
    expect(data.Profile).toMatchObject({ Name: 'Erin Export', Email: w.user.email, Image: w.user.image, EmailVerified: false });
    expect(data.SignInMethods).toEqual(['password']);
    expect(data.Sessions).toHaveLength(1);
    expect(data.Foods.map((f: { _id: string }) => f._id)).toEqual([w.mine]);
    expect(data.Requests.map((r: { _id: string }) => r._id)).toEqual([w.myRequest]);
    expect(data.RequestsForMyFoods.map((r: { _id: string }) => r._id)).toEqual([w.theirRequest]);
  });

  it('deletion asks for the right password, then removes the user, sessions, listings with their requests, and their requests', async () => {
    const w = await world();
    const wrong = await authPost(t, '/api/auth/delete-user', w.user, { password: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect((await call(t.app, 'GET', `/api/foods/${w.mine}`, null)).statusCode).toBe(200);

    const res = await authPost(t, '/api/auth/delete-user', w.user, { password: 'correct-horse-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ success: true });

    expect((await call(t.app, 'GET', `/api/foods/${w.mine}`, null)).statusCode).toBe(404);
    expect(await t.app.db.select().from(foods).where(eq(foods.id, w.mine))).toEqual([]);
    expect(await t.app.db.select().from(requests).where(eq(requests.id, w.myRequest))).toEqual([]);
    expect(await t.app.db.select().from(requests).where(eq(requests.id, w.theirRequest))).toEqual([]);
    expect(await t.app.db.select().from(users).where(eq(users.email, w.user.email))).toEqual([]);
    expect(await t.app.db.select().from(outbox).where(eq(outbox.to, w.user.email))).toEqual([]);
    // The other user's listing stays.
    expect((await call(t.app, 'GET', `/api/foods/${w.theirs}`, null)).statusCode).toBe(200);

    expect((await call(t.app, 'GET', '/api/auth/get-session', w.user)).json()).toBeNull();
    const signIn = await signInWith(t.app, { email: w.user.email });
    expect(signIn.statusCode).toBe(401);
  });
});
