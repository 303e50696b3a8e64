/**
 * The mail outbox's data side (DESIGN.md "Beyond the spec (turn 2)"):
 * `enqueueMail` writes a mail in the caller's transaction; the worker (worker.ts)
 * claims due rows, sends them after commit and deletes them once sent.
 *
 * Exactly once across processes: a claim is one `UPDATE … WHERE id IN (SELECT …
 * FOR UPDATE SKIP LOCKED)` that pushes the rows' `run_at` one lease ahead, so no
 * other worker sees them as due until the lease runs out (a crashed sender's mail
 * is sent again after the lease: at least once on crash, once otherwise).
 */
import { and, asc, eq, isNull, lte, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { outbox, type PushJob } from './schema.js';
import type { Mail } from '../mail/mailer.js';

/** The NOTIFY channel that wakes every process's worker after an enqueue commits. */
export const OUTBOX_CHANNEL = 'plateful_outbox';

/**
 * A mail to send: the mailer's `Mail` (one recipient, text, optional HTML and headers).
 * Its `key` is set by the worker: the row id, the same on every attempt.
 */
export type OutboxMail = Mail;

/** A web push to send: to one subscription's endpoint, the notification's title and body. */
export interface OutboxPush {
  endpoint: string;
  title: string;
  body: string;
  job: PushJob;
}

/** A claimed row, as the worker sends it. */
export type OutboxRow = typeof outbox.$inferSelect;

/** A Drizzle database or a transaction on it: whatever the caller is writing with. */
export type DbOrTx = Pick<Database, 'insert' | 'execute'>;

type Listener = () => void;
const localListeners = new Set<Listener>();

/** Registers an in-process wake-up, called after every `enqueueMail`; returns the unsubscribe. */
export function onLocalEnqueue(listener: Listener): () => void {
  localListeners.add(listener);
  return () => void localListeners.delete(listener);
}

/** When a queued row runs, and what may cancel it. */
export interface EnqueueOptions {
  /** Not before this many milliseconds from now (a grace period). */
  delayMs?: number;
  /** Names the event the row depends on (e.g. `request:<id>`); `dropQueued` with it deletes the row while unsent. */
  dropKey?: string;
  /** Whose act the row reports: the row goes when that account is deleted. */
  actorId?: string;
}

/**
 * Adds `mail` to the outbox through `db` — pass the transaction of the event the
 * mail reports, so the mail exists exactly when the event does. Wakes the workers
 * of every process on commit (`pg_notify`) and this process's at once; nothing is
 * sent before the transaction commits (nor before `opts.delayMs`). Resolves with the row id.
 */
export async function enqueueMail(db: DbOrTx, mail: OutboxMail, opts: EnqueueOptions = {}): Promise<string> {
  const { to, subject, text } = mail;
  return enqueue(db, { to, subject, text, html: mail.html ?? null, headers: mail.headers ?? null, attachments: mail.attachments?.length ? mail.attachments : null }, opts);
}

/** Adds a web push to the outbox through `db` (the event's transaction), like `enqueueMail`. */
export async function enqueuePush(db: DbOrTx, push: OutboxPush, opts: EnqueueOptions = {}): Promise<string> {
  return enqueue(db, { kind: 'push', to: push.endpoint, subject: push.title, text: push.body, push: push.job }, opts);
}

/**
 * Adds task `name` with `payload` (JSON) to the outbox through `db` (the event's
 * transaction), like `enqueueMail`: after commit one worker of one process runs every
 * handler registered for `name` (worker.ts `onTask`). A handler that fails makes the
 * row run again after the backoff, all its handlers with it: handlers must be idempotent.
 */
export async function enqueueTask(db: DbOrTx, name: string, payload: unknown, opts: EnqueueOptions = {}): Promise<string> {
  return enqueue(db, { kind: 'task', to: name, subject: name, text: JSON.stringify(payload) }, opts);
}

async function enqueue(db: DbOrTx, values: typeof outbox.$inferInsert, opts: EnqueueOptions): Promise<string> {
  const [row] = await db
    .insert(outbox)
    .values({
      ...values,
      dropKey: opts.dropKey ?? null,
      actorId: opts.actorId ?? null,
      ...(opts.delayMs ? { runAt: sql`now() + ${opts.delayMs} * interval '1 millisecond'` } : {}),
    })
    .returning({ id: outbox.id });
  await db.execute(sql`select pg_notify(${OUTBOX_CHANNEL}, '')`);
  // Still inside the caller's transaction perhaps: a wake-up that finds nothing is
  // cheap, and the NOTIFY above comes once the row is visible.
  setImmediate(() => localListeners.forEach((l) => l()));
  return row!.id;
}

/**
 * Claims up to `limit` due rows for `leaseMs` milliseconds and counts the attempt;
 * rows locked by another claim at this moment are skipped, not waited for.
 */
export async function claimDue(db: Database, limit: number, leaseMs: number): Promise<OutboxRow[]> {
  const due = db
    .select({ id: outbox.id })
    .from(outbox)
    .where(and(isNull(outbox.failedAt), lte(outbox.runAt, sql`now()`)))
    .orderBy(asc(outbox.runAt))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(outbox)
    .set({ runAt: sql`now() + ${leaseMs} * interval '1 millisecond'`, attempts: sql`${outbox.attempts} + 1` })
    .where(sql`${outbox.id} in (${due})`)
    .returning();
}

/**
 * Deletes the rows queued with `dropKey` that were never attempted (the event they
 * report was undone, e.g. a request cancelled in its grace period); one already
 * handed to the relay is left alone. Resolves with how many were dropped.
 */
export async function dropQueued(db: Pick<Database, 'delete'>, dropKey: string): Promise<number> {
  const rows = await db
    .delete(outbox)
    .where(and(eq(outbox.dropKey, dropKey), isNull(outbox.failedAt), sql`${outbox.attempts} = 0`))
    .returning({ id: outbox.id });
  return rows.length;
}

/** Forgets a sent row (its text may hold a one-time link). */
export async function markSent(db: Database, id: string): Promise<void> {
  await db.delete(outbox).where(eq(outbox.id, id));
}

/** Records a failed attempt: due again after `retryInMs`, or failed for good when `retryInMs` is null. */
export async function markFailed(db: Database, id: string, error: string, retryInMs: number | null): Promise<void> {
  await db
    .update(outbox)
    .set(
      retryInMs === null
        ? { lastError: error, failedAt: sql`now()` }
        : { lastError: error, runAt: sql`now() + ${retryInMs} * interval '1 millisecond'` },
    )
    .where(eq(outbox.id, id));
}

/** Rows still to send (`pending`: not given up) and rows given up for good (`failed`). */
export async function outboxDepth(db: Database): Promise<{ pending: number; failed: number }> {
  const [row] = await db
    .select({ pending: sql<number>`count(*) filter (where ${outbox.failedAt} is null)::int`, failed: sql<number>`count(${outbox.failedAt})::int` })
    .from(outbox);
  return { pending: Number(row?.pending ?? 0), failed: Number(row?.failed ?? 0) };
}

/** Milliseconds until the next unfailed row is due (0 when one is due now), or null when none waits. */
export async function msUntilNextDue(db: Database): Promise<number | null> {
  const [row] = await db
    .select({ ms: sql<string | null>`extract(epoch from (min(${outbox.runAt}) - now())) * 1000` })
    .from(outbox)
    .where(isNull(outbox.failedAt));
  if (row?.ms === null || row?.ms === undefined) return null;
  return Math.max(0, Math.ceil(Number(row.ms)));
}
