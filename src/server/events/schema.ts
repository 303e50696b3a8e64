/** Open live-event streams. */
import { index, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../db/schema/auth.js';

/**
 * Open `/api/events` streams, one row each, across every server process (no
 * message mail to a connected user). A process refreshes `seen_at` with each
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
    /** The Better Auth session the stream was opened with (its end closes the stream). */
    sessionId: text('session_id'),
    /** The client address, for the per-address cap. */
    address: text('address'),
    openedAt: timestamp('opened_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('event_streams_user_idx').on(t.userId, t.seenAt), index('event_streams_address_idx').on(t.address)],
);
