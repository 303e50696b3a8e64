/** The pickup windows of listings and recurring offers (docs/api.md "Pickup windows", "Recurring offers"). */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { RECURRENCE_STATUSES } from '../../contract/pickups.js';
import { foods, users } from '../db/schema/index.js';
import { timestamps } from '../db/schema/columns.js';

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
    // The overlap filter of a narrow interval, read from the window side (foods/pickup-filter.ts).
    index('pickup_windows_span_idx').using('gist', sql`tstzrange(${t.startsAt}, ${t.endsAt})`),
    check('pickup_windows_ordered', sql`${t.endsAt} > ${t.startsAt}`),
    check('pickup_windows_capacity_positive', sql`${t.capacity} is null or ${t.capacity} > 0`),
  ],
);

/**
 * A recurring offer: the donor's listing `source_food_id` repeated on ISO `weekdays`
 * (1 = Monday) until `until` (included; null: for good), its windows at the same local
 * times in `time_zone`. `anchor_on` is the source's own day (its first window's local date,
 * else its expiry date); the scheduler makes the days after it (foods/recurring.ts).
 */
export const recurringOffers = pgTable(
  'recurring_offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    donorId: text('donor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sourceFoodId: uuid('source_food_id').references(() => foods.id, { onDelete: 'set null' }),
    weekdays: integer('weekdays').array().notNull(),
    until: date('until', { mode: 'string' }),
    timeZone: text('time_zone').notNull(),
    anchorOn: date('anchor_on', { mode: 'string' }).notNull(),
    status: text('status', { enum: RECURRENCE_STATUSES }).notNull().default('Active'),
    ...timestamps,
  },
  (t) => [
    index('recurring_offers_donor_idx').on(t.donorId),
    // The scheduler reads the active offers only.
    index('recurring_offers_active_idx').on(t.id).where(sql`${t.status} = 'Active'`),
  ],
);

/**
 * One day of a recurring offer, made once: the primary key (offer, day) is what keeps two
 * processes, or two runs, from making a day twice. `food_id` is null once the donor deleted
 * that day's listing (it is not made again).
 */
export const recurringOccurrences = pgTable(
  'recurring_occurrences',
  {
    seriesId: uuid('series_id')
      .notNull()
      .references(() => recurringOffers.id, { onDelete: 'cascade' }),
    occursOn: date('occurs_on', { mode: 'string' }).notNull(),
    foodId: uuid('food_id').references(() => foods.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.seriesId, t.occursOn] })],
);
