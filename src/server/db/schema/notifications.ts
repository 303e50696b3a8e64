/** Notifications and email preferences (issue 11). */
import { sql } from 'drizzle-orm';
import { boolean, index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';

/** Notification types (issue 11). */
export const NOTIFICATION_TYPES = [
  'request.created',
  'request.delivered',
  'request.cancelled',
  'food.deleted',
  'message.created',
  'moderation.notice',
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
