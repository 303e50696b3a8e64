/** Tables of notifications: the in-app notifications and the throttles of new-request and message mails. */
import { sql } from 'drizzle-orm';
import { bigint, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { NOTIFICATION_TYPES } from '../../contract/limits.js';
import { users } from '../db/schema/auth.js';
import { requests } from '../db/schema/requests.js';

/** When a message mail of a conversation last went to a user: at most one per 15 minutes. */
export const messageMails = pgTable(
  'message_mails',
  {
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.requestId, t.userId] })],
);

/**
 * A notification for one user, written in the transaction of the event
 * that causes it. `link` is a path of the web app; `read_at` is null while unread.
 * `seq` comes from `plateful_next_event_seq()` (drizzle/0006): one counter row
 * locked until commit, so seq order is commit order and a stream that saw `seq`
 * n has missed exactly the rows above n;
 * a fold (notifier.ts) takes a new seq. `actor_id`: who caused it (folding).
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type', { enum: NOTIFICATION_TYPES }).notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    link: text('link').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    readAt: timestamp('read_at', { withTimezone: true }),
    seq: bigint('seq', { mode: 'number' })
      .notNull()
      .default(sql`plateful_next_event_seq()`),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('notifications_user_seq_idx').on(t.userId, t.seq),
    // The list (newest first, keyset) and the unread count read from these.
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/**
 * New-request mails one requester caused to one donor (against a mail flood: at most
 * `NEW_REQUEST_MAILS_PER_DAY` a day).
 */
export const newRequestMails = pgTable(
  'new_request_mails',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    donorId: text('donor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('new_request_mails_pair_idx').on(t.donorId, t.requesterId, t.createdAt)],
);
