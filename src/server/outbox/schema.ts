/** The durable outbox of mails and web pushes. */
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../db/schema/auth.js';
import type { MailAttachment } from '../mail/mailer.js';

/** What a push row of the outbox carries besides endpoint, title and body. */
export interface PushJob {
  subscriptionId: string;
  /** Seconds the push service keeps an undelivered message (the `TTL` header). */
  ttl: number;
  urgency: 'very-low' | 'low' | 'normal' | 'high';
  link: string;
  tag: string;
}

/**
 * The durable mail outbox (DESIGN.md "Beyond the spec (turn 2)"): a row is
 * written in the same transaction as the event that causes the mail, and a worker
 * sends it after commit (src/server/outbox). `run_at` is when the row is next due:
 * a claim pushes it one lease ahead, a failure by the backoff. Sent rows are deleted;
 * a row that failed `attempts` times for good keeps `failed_at` and `last_error`.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /**
     * `mail`, or `push`: then `to` is the push endpoint, `subject` and
     * `text` the notification's title and body, and `push` the rest of the job;
     * or `task`: work after a commit (outbox.ts `enqueueTask`), `to` its name and `text` its JSON payload.
     */
    kind: text('kind', { enum: ['mail', 'push', 'task'] }).notNull().default('mail'),
    push: jsonb('push').$type<PushJob>(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** A mail's attached files (e.g. a pickup's .ics), sent as they are. */
    attachments: jsonb('attachments').$type<MailAttachment[]>(),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** Names the event a queued row depends on (e.g. `request:<id>`): `dropQueued` deletes it if unsent. */
    dropKey: text('drop_key'),
    /** Whose act the row reports (quoting their name or words); deleting that account deletes it. */
    actorId: text('actor_id').references(() => users.id, { onDelete: 'cascade' }),
  },
  // The worker's claim reads due rows in order from this index.
  (t) => [index('outbox_due_idx').on(t.runAt).where(sql`${t.failedAt} is null`), index('outbox_drop_key_idx').on(t.dropKey)],
);
