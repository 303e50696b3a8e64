/** Web Push: the browsers' push subscriptions and which notifications push. */
import { index, jsonb, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../db/schema/auth.js';

/**
 * A browser's push subscription (the Push API's `PushSubscription.toJSON()`): one
 * row per device; the endpoint is unique, so a device that subscribes again (or
 * for another account) replaces its row. Deleted when the push service answers
 * 404 or 410, or when the person turns push off on that device.
 */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull().unique(),
    /** The browser's P-256 public key and auth secret (base64url), for the payload encryption (RFC 8291). */
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('push_subscriptions_user_idx').on(t.userId)],
);

/**
 * Which notification kinds push (the keys of the email preferences); no row, or a
 * key missing from `prefs`, means on.
 */
export const pushPreferences = pgTable('push_preferences', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  prefs: jsonb('prefs').$type<Record<string, boolean>>().notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
