/**
 * The outbox worker: one loop per process that claims due mails and
 * pushes (outbox.ts), sends them through the mailer or the push sender and deletes them, or schedules a
 * retry with exponential backoff when sending fails (SMTP down). It wakes on
 * `wake()` (an enqueue in this process, a NOTIFY from another), when the next
 * retry is due, and at least every `pollMs` as a fallback.
 *
 * Sent once: a mail the relay accepted is recorded as sent in its own
 * short write, retried until it succeeds (a database outage at that instant must
 * not let the lease run out and the mail go again); every mail carries a
 * Message-ID made from its row id, the same on every attempt; the lease is longer
 * than the SMTP timeouts (config.ts), so no attempt is still running when it
 * ends. Up to `batch` mails are in flight at once and the loop keeps claiming
 * while they run: one slow mail holds one slot, not the outbox.
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { claimDue, markFailed, markSent, msUntilNextDue, type OutboxMail, type OutboxRow } from './outbox.js';

/** Tuning of the worker; every duration in milliseconds. */
export interface OutboxOptions {
  /** Fallback poll when no wake-up comes (default 5 000). */
  pollMs: number;
  /** How long a claimed mail is hidden from other workers while it is sent (default 60 000). */
  leaseMs: number;
  /** Wait after the first failure; doubles with each further one (default 1 000). */
  retryBaseMs: number;
  /** Longest wait between attempts (default 15 minutes). */
  retryMaxMs: number;
  /** Attempts before a mail is given up and kept as failed (default 20, about 3½ hours). */
  maxAttempts: number;
  /** Mails in flight at once (default 10). */
  batch: number;
}

/** Waits between retries of the sent mark: 100 ms doubling to 2 s. */
const MARK_RETRY_MS = [100, 200, 400, 800, 1_600, 2_000];

export const DEFAULT_OUTBOX_OPTIONS: OutboxOptions = {
  pollMs: 5_000,
  leaseMs: 60_000,
  retryBaseMs: 1_000,
  retryMaxMs: 15 * 60_000,
  maxAttempts: 20,
  batch: 10,
};

/** Backoff after the `attempts`-th failed attempt: base · 2^(attempts−1), capped; null once given up. */
export function retryDelay(attempts: number, o: OutboxOptions): number | null {
  if (attempts >= o.maxAttempts) return null;
  return Math.min(o.retryMaxMs, o.retryBaseMs * 2 ** Math.max(0, attempts - 1));
}

/** Sends one mail; rejects when it was not accepted. */
export type SendMail = (mail: OutboxMail) => Promise<void>;
/** Sends one push row; rejects when it should be tried again later. */
export type SendPush = (row: OutboxRow) => Promise<void>;
/** Runs one task's work (outbox.ts `enqueueTask`) with its payload; rejects when it should run again later. */
export type TaskHandler = (payload: unknown) => Promise<void>;

export class OutboxWorker {
  private running?: Promise<void>;
  private stopped = false;
  private woken = false;
  private wakeSleep?: () => void;
  private pass = 0;
  /** Deliveries running now, by row id. */
  private readonly inFlight = new Map<string, Promise<void>>();
  /** Callers of `whenIdle`, each with the pass running when it asked (only a later pass answers). */
  private idleWaiters: { after: number; resolve: () => void }[] = [];
  /** Handlers of task rows, by task name. */
  private readonly tasks = new Map<string, TaskHandler[]>();

  constructor(
    private readonly db: Database,
    private readonly send: { mail: SendMail; push: SendPush },
    private readonly log: FastifyBaseLogger,
    private readonly options: OutboxOptions = DEFAULT_OUTBOX_OPTIONS,
  ) {}

  /** Starts the loop (once). */
  start(): void {
    this.running ??= this.loop();
  }

  /**
   * Runs `handler` for every task row named `name` (in registration order, after any
   * earlier handler of it succeeded); returns the unregistration.
   */
  onTask(name: string, handler: TaskHandler): () => void {
    this.tasks.set(name, [...(this.tasks.get(name) ?? []), handler]);
    return () => void this.tasks.set(name, (this.tasks.get(name) ?? []).filter((h) => h !== handler));
  }

  /** Asks for a pass now (after an enqueue); cheap when nothing is due. */
  wake(): void {
    this.woken = true;
    this.wakeSleep?.();
  }

  /** Resolves after the next pass that found nothing due (tests: "everything sendable was sent"). */
  whenIdle(): Promise<void> {
    const idle = new Promise<void>((resolve) => this.idleWaiters.push({ after: this.pass, resolve }));
    this.wake();
    return idle;
  }

  /** Stops the loop after the mails in hand are sent or rescheduled. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wake();
    await this.running;
    await Promise.all(this.inFlight.values());
    this.idleWaiters.splice(0).forEach((w) => w.resolve());
  }

  private async loop(): Promise<void> {
    while (!this.stopped) {
      this.woken = false;
      const pass = ++this.pass;
      let wait = this.options.pollMs;
      try {
        const room = this.options.batch - this.inFlight.size;
        const rows = room > 0 ? await claimDue(this.db, room, this.options.leaseMs) : [];
        for (const row of rows) this.start1(row);
        if (rows.length === room && room > 0) continue;
        const next = await msUntilNextDue(this.db);
        if (rows.length === 0 && this.inFlight.size === 0) this.settleIdle(pass);
        // A due row another process holds this instant: look again shortly, not in a tight loop.
        if (next !== null && room > 0) wait = Math.min(wait, Math.max(next, rows.length ? 0 : 50));
      } catch (err) {
        if (this.stopped) break;
        this.log.error({ err: { message: (err as Error).message } }, 'outbox pass failed');
      }
      if (wait > 0 && !this.woken && !this.stopped) await this.sleep(wait);
    }
  }

  /** Runs one delivery beside the loop; its end frees a slot and wakes the loop. */
  private start1(row: OutboxRow): void {
    const run = this.deliver(row)
      .catch((err: unknown) => this.log.error({ outboxId: row.id, err: { message: (err as Error).message } }, 'outbox delivery failed'))
      .finally(() => {
        this.inFlight.delete(row.id);
        this.wake();
      });
    this.inFlight.set(row.id, run);
  }

  private settleIdle(pass: number): void {
    const [ready, waiting] = [this.idleWaiters.filter((w) => w.after < pass), this.idleWaiters.filter((w) => w.after >= pass)];
    this.idleWaiters = waiting;
    ready.forEach((w) => w.resolve());
  }

  private async deliver(row: OutboxRow): Promise<void> {
    try {
      if (row.kind === 'push') await this.send.push(row);
      else if (row.kind === 'task') for (const handle of this.tasks.get(row.to) ?? []) await handle(JSON.parse(row.text));
      else await this.send.mail({
        to: row.to,
        subject: row.subject,
        text: row.text,
        key: row.id,
        ...(row.html ? { html: row.html } : {}),
        ...(row.headers ? { headers: row.headers } : {}),
        ...(row.attachments ? { attachments: row.attachments } : {}),
      });
    } catch (err) {
      const retryIn = retryDelay(row.attempts, this.options);
      // The error only: the mail's text may carry a one-time link.
      const message = (err as Error).message;
      this.log.warn(
        { outboxId: row.id, attempts: row.attempts, retryInMs: retryIn, err: { message } },
        retryIn === null ? `${row.kind} failed; giving up` : `${row.kind} failed; will retry`,
      );
      await markFailed(this.db, row.id, message.slice(0, 500), retryIn);
      return;
    }
    await this.recordSent(row.id);
  }

  /**
   * Records `id` as sent, retrying until the write succeeds; after
   * `stop()` it gives up once the waits are used up (the lease then decides).
   */
  private async recordSent(id: string): Promise<void> {
    for (let attempt = 0; ; attempt += 1) {
      try {
        await markSent(this.db, id);
        if (attempt > 0) this.log.info({ outboxId: id, attempts: attempt + 1 }, 'mail recorded as sent after retries');
        return;
      } catch (err) {
        if (this.stopped && attempt >= MARK_RETRY_MS.length) throw err;
        if (attempt === 0) this.log.warn({ outboxId: id, err: { message: (err as Error).message } }, 'mail sent but not yet recorded; retrying');
        await new Promise((r) => setTimeout(r, MARK_RETRY_MS[Math.min(attempt, MARK_RETRY_MS.length - 1)]));
      }
    }
  }

  private sleep(ms: number): Promise<void> {
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wakeSleep = () => {
        this.wakeSleep = undefined;
        done();
      };
    });
  }
}
