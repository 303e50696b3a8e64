/** Which notification kinds each person gets by email. */
import { boolean, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../db/schema/auth.js';

/** Which mails a user wants; no row means all of them. */
export const emailPreferences = pgTable('email_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  newRequests: boolean('new_requests').notNull().default(true),
  requestUpdates: boolean('request_updates').notNull().default(true),
  messages: boolean('messages').notNull().default(true),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
