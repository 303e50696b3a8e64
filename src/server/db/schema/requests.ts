/** Requests for food (SPEC.md §3 Request, §4 Request Status). */
import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, numeric, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { OPEN_REQUEST_STATUSES, REQUEST_STATUSES } from '../../../contract/limits.js';
import { users } from './auth.js';
import { foods } from './foods.js';

/**
 * A request for a food (SPEC.md §3 Request): the food's fields and donor are
 * copied at creation; deleting the food withdraws its requests.
 */
export const requests = pgTable(
  'requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    foodId: uuid('food_id')
      .notNull()
      .references(() => foods.id, { onDelete: 'cascade' }),
    foodName: text('food_name').notNull(),
    foodImage: text('food_image').notNull(),
    pickupLocation: text('pickup_location').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    donorId: text('donor_id').notNull(),
    donorName: text('donor_name').notNull(),
    donorImage: text('donor_image').notNull(),
    donorEmail: text('donor_email').notNull(),
    notes: text('notes').notNull(),
    donationMoney: text('donation_money').notNull(),
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requesterName: text('requester_name').notNull(),
    requesterImage: text('requester_image').notNull(),
    requesterEmail: text('requester_email').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('Pending'),
    /** When the donor accepted this request, the pickup time agreed (optional) and their note. */
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    pickupAt: timestamp('pickup_at', { withTimezone: true }),
    acceptNote: text('accept_note'),
    /** Why the donor declined, when they said. */
    declineReason: text('decline_reason'),
    /** When the 1-hour pickup reminder and the "Was it collected?" question went out (each once). */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    askedAt: timestamp('asked_at', { withTimezone: true }),
    /**
     * When the donor marked this request Delivered, and the listing's exact point then:
     * the requester sees that point (never a later one) until 24 hours after (foods/points.ts).
     */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    handoverLat: doublePrecision('handover_lat'),
    handoverLng: doublePrecision('handover_lng'),
    /** Kg this delivery counts in the impact totals. */
    deliveredKg: numeric('delivered_kg', { precision: 8, scale: 3, mode: 'number' }),
    /** kg this delivery counts in the community's public totals; null: not counted (impact/repository.ts `publicShareKg`). */
    publicKg: numeric('public_kg', { precision: 8, scale: 3, mode: 'number' }),
    /** Like `foods.held_at`: a held request is not shown to the donor until its owner keeps it. */
    heldAt: timestamp('held_at', { withTimezone: true }),
  },
  (t) => [
    index('requests_food_id_idx').on(t.foodId, t.requestedAt),
    index('requests_requester_id_idx').on(t.requesterId, t.requestedAt),
    // A donor's completed hand-overs, for their standing ("N shares") on request rows.
    index('requests_delivered_donor_idx').on(t.donorId).where(sql`${t.status} = 'Delivered'`),
    // A donor's agreed pickups, for their calendar feed (calendar/views.ts).
    index('requests_donor_accepted_idx').on(t.donorId, t.acceptedAt).where(sql`${t.acceptedAt} is not null`),
    // The reminder job reads accepted requests only.
    index('requests_accepted_idx').on(t.acceptedAt).where(sql`${t.status} = 'Accepted'`),
    // DESIGN.md: nobody requests the same food twice while a request is open (Pending or Accepted).
    uniqueIndex('requests_one_open_per_requester')
      .on(t.foodId, t.requesterId)
      .where(sql`${t.status} in (${sql.raw(OPEN_REQUEST_STATUSES.map((s) => `'${s}'`).join(', '))})`),
    check('requests_status_known', sql`${t.status} in (${sql.raw(REQUEST_STATUSES.map((s) => `'${s}'`).join(', '))})`),
  ],
);
