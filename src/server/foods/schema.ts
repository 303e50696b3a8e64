/** The pickup windows of listings (docs/api.md "Pickup windows"). */
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { foods } from '../db/schema/index.js';

/**
 * One window in which a listing can be picked up: instants (the listing's
 * `time_zone` says how to show them), and at most `capacity` accepted or delivered
 * pickups in it (null: no limit). A listing's windows never overlap (the contract
 * checks it); `foods.pickup_until` is the end of its last one.
 */
export const pickupWindows = pgTable(
  'pickup_windows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    foodId: uuid('food_id')
      .notNull()
      .references(() => foods.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    capacity: integer('capacity'),
  },
  (t) => [
    // A listing's windows in order, and the `pickupFrom`/`pickupUntil` overlap probe per listing.
    index('pickup_windows_food_idx').on(t.foodId, t.endsAt, t.startsAt),
    // The overlap filter read from the window side (windows ending after `pickupFrom`).
    index('pickup_windows_ends_at_idx').on(t.endsAt, t.startsAt),
    check('pickup_windows_ordered', sql`${t.endsAt} > ${t.startsAt}`),
    check('pickup_windows_capacity_positive', sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
);
