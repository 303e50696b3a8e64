/**
 * Database schema of pickup coordination (issue 11): conversations, notifications,
 * email preferences, the message-mail throttle and open event streams. Kept beside
 * `schema.ts` (which it builds on) so neither file grows past a screenful; drizzle-kit
 * reads both (drizzle.config.ts) and `client.ts` hands both to Drizzle.
 */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { requests, users } from './schema.js';
/**
 * One message of the conversation of a request (issue 11): between the request's
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
  },
  (t) => [index('messages_request_id_idx').on(t.requestId, t.sentAt, t.id)],
);

/** Notification types (issue 11). */
export const NOTIFICATION_TYPES = [
  'request.created',
  'request.delivered',
  'request.cancelled',
  'food.deleted',
  'message.created',
] as const;

/**
 * A notification for one user (issue 11), written in the transaction of the event
 * that causes it. `link` is a path of the web app; `read_at` is null while unread.
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
  },
  (t) => [
    // The list (newest first, keyset) and the unread count read from these.
    index('notifications_user_created_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

/** Which mails a user wants (issue 11); no row means all of them. */
export const emailPreferences = pgTable('email_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newRequests: boolean('new_requests').notNull().default(true),
  requestUpdates: boolean('request_updates').notNull().default(true),
  messages: boolean('messages').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** When a message mail of a conversation last went to a user: at most one per 15 minutes (issue 11). */
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
 * Open `/api/events` streams, one row each, across every server process (issue 11:
 * no message mail to a connected user). A process refreshes `seen_at` with each
 * heartbeat; rows older than two heartbeats belong to a process that died.
 */
export const eventStreams = pgTable(
  'event_streams',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seenAt: timestamp('seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_streams_user_idx').on(t.userId, t.seenAt)],
);
