// The durable mail outbox (DESIGN.md "Beyond the spec (turn 2)"): a mail is
// written in the caller's transaction and sent after commit by a worker, woken by
// NOTIFY, retried with backoff while SMTP is down, and sent once even when two app
// instances share one PostgreSQL.
import { createServer } from 'node:net';
import { eq, sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { outbox } from '../../../src/server/outbox/schema.js';
import { enqueueMail } from '../../../src/server/outbox/outbox.js';
import type { OutboxOptions } from '../../../src/server/outbox/worker.js';
import { recipient, startInbox, waitForMail, type Inbox } from '../../support/inbox.js';
import { BACKENDS, appOn, type Backend } from '../harness.js';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

/** An app on a fresh database of `backend` (or on `url`) whose mails go to `smtpUrl`. */
const appWith = (backend: Backend, smtpUrl: string, outboxOpts: Partial<OutboxOptions>, url?: string) =>
  appOn(cleanups, backend, { SMTP_URL: smtpUrl }, { outbox: outboxOpts }, url);

async function inbox(port = 0, delayMs = 0): Promise<Inbox> {
  const i = await startInbox(port, { delayMs });
  cleanups.push(() => i.close());
  return i;
}

/** A TCP port nobody listens on right now. */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  await new Promise((r) => server.close(r));
  return port;
}

const mail = (to: string) => ({ to, subject: `Hello ${to}`, text: `Hi ${to}`, html: `<p>Hi ${to}</p>`, headers: { 'X-Plateful-Test': to } });

describe.each(BACKENDS)('mail outbox on %s', (backend) => {
  it('sends a mail only once its transaction commits, promptly (woken, not polled), with html and headers', async () => {
    const box = await inbox();
    // A one-minute poll: a prompt delivery proves the wake-up.
    const { app } = await appWith(backend, box.url, { pollMs: 60_000 });

    await expect(
      app.db.transaction(async (tx) => {
        await enqueueMail(tx, mail('rolled-back@example.org'));
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');

    const started = Date.now();
    await app.db.transaction(async (tx) => {
      await enqueueMail(tx, mail('committed@example.org'));
    });
    const got = await waitForMail(box, 'committed@example.org', 3_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(got.subject).toBe('Hello committed@example.org');
    expect(got.html).toContain('<p>Hi committed@example.org</p>');
    expect(got.headers.get('x-plateful-test')).toBe('committed@example.org');

    await app.outbox.whenIdle();
    expect(box.messages.map(recipient)).toEqual(['committed@example.org']);
    // Sent rows are deleted (their text may hold a one-time link).
    expect(await app.db.select().from(outbox)).toEqual([]);
  });

  it('wakes on NOTIFY for a row another writer inserted', async () => {
    const box = await inbox();
    const { app } = await appWith(backend, box.url, { pollMs: 60_000 });
    await app.outbox.whenIdle();
    // Raw SQL, as another process would write: only the NOTIFY can wake this worker.
    await app.db.transaction(async (tx) => {
      await tx.execute(sql`insert into outbox ("to", subject, text) values ('raw@example.org', 'Raw', 'Raw body')`);
      await tx.execute(sql`select pg_notify('plateful_outbox', '')`);
    });
    await waitForMail(box, 'raw@example.org', 3_000);
  });

  it('retries with backoff while SMTP is down and delivers once it is back', async () => {
    const port = await freePort();
    const { app } = await appWith(backend, `smtp://127.0.0.1:${port}`, { retryBaseMs: 100, retryMaxMs: 400, pollMs: 60_000 });
    await enqueueMail(app.db, mail('patient@example.org'));

    // Several refused attempts, each pushing the row's next try later.
    let row: typeof outbox.$inferSelect | undefined;
    for (let i = 0; i < 100; i++) {
      [row] = await app.db.select().from(outbox).where(eq(outbox.to, 'patient@example.org'));
      if (row && row.attempts >= 3) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(row!.attempts).toBeGreaterThanOrEqual(3);
    expect(row!.lastError).toMatch(/ECONNREFUSED|connect/i);
    expect(row!.failedAt).toBeNull();

    const box = await inbox(port);
    await waitForMail(box, 'patient@example.org', 5_000);
    await app.outbox.whenIdle();
    expect(box.messages).toHaveLength(1);
    expect(await app.db.select().from(outbox)).toEqual([]);
  });

  it('gives a mail up after the last attempt and keeps it, marked failed', async () => {
    const port = await freePort();
    const { app } = await appWith(backend, `smtp://127.0.0.1:${port}`, { retryBaseMs: 50, maxAttempts: 2, pollMs: 60_000 });
    await enqueueMail(app.db, mail('doomed@example.org'));
    let row: typeof outbox.$inferSelect | undefined;
    for (let i = 0; i < 100 && !row?.failedAt; i++) {
      await new Promise((r) => setTimeout(r, 50));
      [row] = await app.db.select().from(outbox);
    }
    expect(row!.failedAt).toBeInstanceOf(Date);
    expect(row!.attempts).toBe(2);
  });
});

describe.runIf(BACKENDS.includes('postgres'))('mail outbox with two app instances on one PostgreSQL', () => {
  it('sends each of 60 mails exactly once', async () => {
    // A slow relay keeps both workers busy at the same time.
    const box = await inbox(0, 30);
    const a = await appWith('postgres', box.url, { batch: 5 });
    const b = await appWith('postgres', box.url, { batch: 5 }, a.url);
    const addresses = Array.from({ length: 60 }, (_, i) => `once-${i}@example.org`);
    // Half enqueued through each instance, in one transaction each.
    await a.app.db.transaction(async (tx) => {
      for (const to of addresses.slice(0, 30)) await enqueueMail(tx, mail(to));
    });
    await b.app.db.transaction(async (tx) => {
      for (const to of addresses.slice(30)) await enqueueMail(tx, mail(to));
    });
    for (let i = 0; i < 200 && box.messages.length < 60; i++) await new Promise((r) => setTimeout(r, 50));
    await Promise.all([a.app.outbox.whenIdle(), b.app.outbox.whenIdle()]);
    // Let any duplicate that was still in flight arrive before counting.
    await new Promise((r) => setTimeout(r, 300));
    expect(box.messages.map(recipient).sort()).toEqual([...addresses].sort());
    expect(await a.app.db.select().from(outbox)).toEqual([]);
  });
});
