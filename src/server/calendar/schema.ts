/** Calendar tables (docs/api.md "Calendars"): personal feed links and the state of each pickup's calendar entry. */
import { boolean, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../db/schema/index.js';
import { timestamps } from '../db/schema/columns.js';

/**
 * A person's calendar feed. The link's token is derived from AUTH_SECRET, the user and
 * `generation` (feeds.ts), so only its SHA-256 is kept; rotating raises `generation`.
 */
export const calendarFeeds = pgTable('calendar_feeds', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  generation: integer('generation').notNull().default(1),
  tokenHash: text('token_hash').notNull().unique(),
  ...timestamps,
});

/**
 * The last calendar entry handed out for a request (RFC 5545 `UID` is the request id):
 * `fingerprint` of what it said and its `SEQUENCE`, raised whenever the pickup changes.
 * No foreign key to the request: when a requester cancels (the request is deleted) the row
 * stays with `cancelled` and the last times, so both sides still get a `METHOD:CANCEL` file.
 */
export const pickupCalendarEntries = pgTable('pickup_calendar_entries', {
  requestId: uuid('request_id').primaryKey(),
  donorId: text('donor_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  requesterId: text('requester_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  foodName: text('food_name').notNull(),
  startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
  endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  allDay: boolean('all_day').notNull().default(false),
  fingerprint: text('fingerprint').notNull(),
  sequence: integer('sequence').notNull().default(0),
  cancelled: boolean('cancelled').notNull().default(false),
  ...timestamps,
});
