// Password reset by email (DESIGN.md "Identity"): a real SMTP server on 127.0.0.1
// receives the mail; the link's token sets a new password once, within one hour,
// and signs the account out everywhere.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users, verifications } from '../../../src/server/db/schema/index.js';
import type { ParsedMail } from 'mailparser';
import { recipient, resetLinkOf, startInbox, waitForMail } from '../../support/inbox.js';
import { appWithInbox, BACKENDS, buildTestApp, call, foodBody, signInWith, signUp, type InboxApp, type TestApp } from '../harness.js';

const signIn = (t: TestApp, email: string, password: string) => signInWith(t.app, { email, password });

const RESET_SUBJECT = 'Reset your Plateful password';
const isResetFor = (email: string) => (m: ParsedMail) => recipient(m) === email && m.subject === RESET_SUBJECT;

const requestReset = (t: TestApp, email: string, redirectTo: string | undefined = '/reset-password') =>
  t.app.inject({ method: 'POST', url: '/api/auth/request-password-reset', payload: redirectTo ? { email, redirectTo } : { email } });

describe.each(BACKENDS)('password reset by email on %s', (backend) => {
  let t: InboxApp;
  beforeAll(async () => {
    t = await appWithInbox(backend);
  });
  afterAll(() => t?.close());

  it('mails a one-hour link to /reset-password?token=… that sets a new password once and ends every session', async () => {
    const user = await signUp(t.app, 'Rosa Reset');
    const res = await requestReset(t, user.email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ status: true });

    // Sent by the outbox worker after the answer.
    const mail = await waitForMail(t.inbox, isResetFor(user.email));
    expect(mail.subject).toBe(RESET_SUBJECT);
    expect(mail.from?.text).toContain('no-reply@plateful.local');
    const link = resetLinkOf(mail);
    expect(link.origin).toBe('http://plateful.test');
    expect(link.pathname).toBe('/reset-password');
    const token = link.searchParams.get('token')!;
    expect(token).toMatch(/^[\w-]{16,}$/);
    expect(mail.html).toContain(link.toString().replaceAll('&', '&amp;'));

    // Lifetime one hour (resetPasswordTokenExpiresIn: 3600).
    const [row] = await t.app.db.select().from(verifications).where(eq(verifications.identifier, `reset-password:${token}`));
    expect(row).toBeDefined();
    const ttl = (row!.expiresAt.getTime() - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(3600 - 60);
    expect(ttl).toBeLessThanOrEqual(3600);

    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: 'brand-new-pass-2', token } });
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toEqual({ status: true });

    expect((await signIn(t, user.email, 'brand-new-pass-2')).statusCode).toBe(200);
    // Using the mailed link proved the mailbox is theirs.
    const [me] = await t.app.db.select().from(users).where(eq(users.email, user.email));
    expect(me!.emailVerified).toBe(true);
    expect((await signIn(t, user.email, 'correct-horse-1')).statusCode).toBe(401);

    // The session from before the reset no longer writes (revokeSessionsOnPasswordReset).
    expect((await call(t.app, 'POST', '/api/jwt', user, { email: user.email })).statusCode).toBe(401);
    expect((await call(t.app, 'POST', '/api/foods', user, foodBody())).statusCode).toBe(401);

    // Single use.
    const again = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: 'third-pass-3', token } });
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ code: 'INVALID_TOKEN' });
    expect((await signIn(t, user.email, 'third-pass-3')).statusCode).toBe(401);
  });

  it('answers an unknown email exactly like a known one, and mails nobody', async () => {
    const known = await signUp(t.app, 'Kim Known');
    const forKnown = await requestReset(t, known.email);
    const forUnknown = await requestReset(t, 'nobody-here@example.org');
    expect(forUnknown.statusCode).toBe(forKnown.statusCode);
    expect(forUnknown.json()).toEqual(forKnown.json());
    await waitForMail(t.inbox, isResetFor(known.email));
    await t.app.outbox.whenIdle();
    expect(t.inbox.messages.filter(isResetFor(known.email))).toHaveLength(1);
    expect(t.inbox.messages.filter((m) => recipient(m) === 'nobody-here@example.org')).toHaveLength(0);
  });

  it('links to the /reset-password page when the client names no redirect, and refuses a foreign redirect', async () => {
    const user = await signUp(t.app, 'Nora Noredirect');
    expect((await requestReset(t, user.email, undefined)).statusCode).toBe(200);
    const link = resetLinkOf(await waitForMail(t.inbox, isResetFor(user.email)));
    expect(`${link.origin}${link.pathname}`).toBe('http://plateful.test/reset-password');

    const foreign = await requestReset(t, user.email, 'https://evil.example/steal');
    expect(foreign.statusCode).toBe(403);
    await t.app.outbox.whenIdle();
    expect(t.inbox.messages.filter(isResetFor(user.email))).toHaveLength(1);
  });
});

describe('reset mail and the log', () => {
  /** An app on in-memory PGlite whose info-level log lines are collected. */
  async function startLogged(env: Record<string, string>) {
    const lines: string[] = [];
    const { app, database } = await buildTestApp(
      undefined,
      { LOG_LEVEL: 'info', PUBLIC_URL: 'http://plateful.test', ...env },
      { logStream: { write: (line) => void lines.push(line) } },
    );
    return {
      app,
      lines,
      async close() {
        await app.close();
        await database.close();
      },
    };
  }

  it('with SMTP_URL set, no log line carries the reset token, even when the page and the API are called with it', async () => {
    const inbox = await startInbox();
    const t = await startLogged({ SMTP_URL: inbox.url });
    try {
      const user = await signUp(t.app, 'Lena Log');
      expect((await requestReset(t, user.email)).statusCode).toBe(200);
      const token = resetLinkOf(await waitForMail(inbox, isResetFor(user.email))).searchParams.get('token')!;
      await t.app.inject({ method: 'GET', url: `/reset-password?token=${token}` });
      await t.app.inject({ method: 'GET', url: `/api/auth/reset-password/${token}?callbackURL=/reset-password` });
      const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { newPassword: 'logged-pass-9', token } });
      expect(reset.statusCode).toBe(200);

      const log = t.lines.join('');
      expect(log).toContain('mail sent');
      expect(log).toContain('[redacted]');
      expect(log).not.toContain(token);
    } finally {
      await t.close();
      await inbox.close();
    }
  });

  it('when the SMTP server cannot be reached, answers as usual and logs the failure without the link', async () => {
    // Nothing listens on port 1: the connection is refused at once.
    const t = await startLogged({ SMTP_URL: 'smtp://127.0.0.1:1' });
    try {
      const user = await signUp(t.app, 'Una Unreachable');
      const res = await requestReset(t, user.email);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ status: true });
      await t.app.outbox.whenIdle();
      const log = t.lines.join('');
      expect(log).toContain('mail failed; will retry');
      expect(log).not.toMatch(/reset-password\?token=/);
    } finally {
      await t.close();
    }
  });

  it('without SMTP_URL, the log is the mail transport: the mail, link included, is logged at info level', async () => {
    const t = await startLogged({});
    try {
      const user = await signUp(t.app, 'Otto Offline');
      expect((await requestReset(t, user.email)).statusCode).toBe(200);
      await t.app.outbox.whenIdle();
      const entry = t.lines
        .map((l) => JSON.parse(l) as { level: number; msg: string; mail?: { to: string; subject: string; text: string } })
        .find((l) => l.mail?.subject === RESET_SUBJECT);
      expect(entry).toBeDefined();
      expect(entry!.level).toBe(30);
      expect(entry!.mail!.to).toBe(user.email);
      expect(entry!.mail!.text).toMatch(/http:\/\/plateful\.test\/reset-password\?token=[\w-]+/);
    } finally {
      await t.close();
    }
  });
});
