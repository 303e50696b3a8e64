// Password guesses per account (src/server/auth/sign-in-guard.ts): IPv6
// clients count by /64, and an account takes at most SIGN_IN_ACCOUNT_LIMIT failed
// sign-ins a day from addresses it never signed in from, whichever they are. Past it
// that account signs in only after a password reset, its owner is told by mail, and
// the owner's own address (where they signed in before) is not locked out.
import type { ParsedMail } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SIGN_IN_ACCOUNT_LIMIT, SIGN_IN_PAIR_LIMIT } from '../../../src/server/auth/limits.js';
import { recipient, resetLinkOf, waitForMail } from '../../support/inbox.js';
import { appWithInbox, BACKENDS, signInWith, signUp, type InboxApp } from '../harness.js';

const HOME = '127.0.0.1';
const LOCKED_SUBJECT = 'Password sign-in to your Plateful account is paused';

describe.each(BACKENDS)('password guesses per account on %s', (backend) => {
  let t: InboxApp;
  beforeAll(async () => {
    t = await appWithInbox(backend);
  });
  afterAll(() => t?.close());

  const signIn = (email: string, password: string, ip: string) => signInWith(t.app, { email, password, remoteAddress: ip });

  it('counts the addresses of one IPv6 /64 as one client', async () => {
    const owner = await signUp(t.app, 'Vera Six');
    const statuses: number[] = [];
    for (let i = 1; i <= SIGN_IN_PAIR_LIMIT.max + 1; i++) {
      statuses.push((await signIn(owner.email, 'wrong-password', `2001:db8:17:4::${i.toString(16)}`)).statusCode);
    }
    expect(statuses.slice(0, SIGN_IN_PAIR_LIMIT.max)).toEqual(Array(SIGN_IN_PAIR_LIMIT.max).fill(401));
    expect(statuses.at(-1)).toBe(429);
    // Another /64 is another client.
    expect((await signIn(owner.email, 'wrong-password', '2001:db8:17:5::1')).statusCode).toBe(401);
  });

  it('locks an account after the daily limit of failures from unknown addresses; the owner at home still signs in; a reset unlocks it', async () => {
    const owner = await signUp(t.app, 'Olga Owner'); // signed up (so signed in) from HOME
    // The owner's own typos at home do not count towards the account's limit.
    for (let i = 0; i < 5; i++) expect((await signIn(owner.email, 'typo', HOME)).statusCode).toBe(401);
    const statuses = new Map<number, number>();
    const guesses = Array.from({ length: SIGN_IN_ACCOUNT_LIMIT.max }, (_, i) => `198.18.${i >> 8}.${(i & 255) + 1}`);
    for (const ip of guesses) {
      const status = (await signIn(owner.email, 'wrong-password', ip)).statusCode;
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
    }
    expect(Object.fromEntries(statuses)).toEqual({ 401: SIGN_IN_ACCOUNT_LIMIT.max });

    // Past the limit even the right password from a new address is refused, pointing at the reset.
    const locked = await signIn(owner.email, 'correct-horse-1', '198.19.0.1');
    expect(locked.statusCode, locked.body).toBe(429);
    expect(locked.json().detail).toMatch(/Reset your password/);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);

    // The owner is told once, by mail.
    const isLock = (m: ParsedMail) => recipient(m) === owner.email && m.subject === LOCKED_SUBJECT;
    const mail = await waitForMail(t.inbox, isLock);
    expect(mail.text).toContain('http://plateful.test/forgot-password');
    expect(t.inbox.messages.filter(isLock)).toHaveLength(1);

    // From home the owner's typo is an ordinary 401, and the right password signs in.
    expect((await signIn(owner.email, 'correct-horse-2', HOME)).statusCode).toBe(401);
    expect((await signIn(owner.email, 'correct-horse-1', HOME)).statusCode).toBe(200);

    // A reset by the mailed link lifts the pause for every address.
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: { email: owner.email, redirectTo: '/reset-password' } })).statusCode).toBe(200);
    const reset = await waitForMail(t.inbox, (m) => recipient(m) === owner.email && m.subject === 'Reset your Plateful password');
    const token = resetLinkOf(reset).searchParams.get('token')!;
    expect((await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: 'fresh-pass-17', token } })).statusCode).toBe(200);
    expect((await signIn(owner.email, 'fresh-pass-17', '198.19.0.1')).statusCode).toBe(200);
  }, 240_000);
});
