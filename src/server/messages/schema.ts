/** The conversation of a request. */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../db/schema/auth.js';
import { requests } from '../db/schema/requests.js';

/**
 * One message of the conversation of a request: between the request's
 * donor and requester only. A cancelled request is deleted, and its conversation with it.
 */
export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    body: text('body').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    /** Removed by a moderator (null: shown), and why, as the sender is told. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [index('messages_request_id_idx').on(t.requestId, t.sentAt, t.id)],
);
