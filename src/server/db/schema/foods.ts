/** Food listings (SPEC.md §3 Food, DESIGN.md "Data"). */
import { sql } from 'drizzle-orm';
import { check, date, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth.js';
import { timestamps } from './columns.js';

/**
 * A food listing (SPEC.md §3 Food). The donor's name, photo and email are
 * copied from the user at creation, as the spec's `Donator`.
 */
export const foods = pgTable(
  'foods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    quantity: integer('quantity').notNull(),
    pickupLocation: text('pickup_location').notNull(),
    /** Last day the food may be picked up; available while >= today. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    notes: text('notes').notNull(),
    /** Issue 12: further photo URLs after `image_url` (at most 4). */
    gallery: text('gallery').array().notNull().default(sql`'{}'::text[]`),
    donorId: text('donor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    donorName: text('donor_name').notNull(),
    donorImage: text('donor_image').notNull(),
    donorEmail: text('donor_email').notNull(),
    ...timestamps,
    /** Issue 19: hidden by a moderator or by reports (null: shown), and why, as the donor is told. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /** Issue 19: the donor is banned until then ('infinity': for good); hidden meanwhile. */
    donorBannedUntil: timestamp('donor_banned_until', { withTimezone: true }),
  },
  (t) => [
    index('foods_expires_on_idx').on(t.expiresOn, t.id),
    index('foods_quantity_idx').on(t.quantity, t.id),
    // A donor's own list (`?email=`) reads in order from this index, no sort.
    index('foods_donor_id_expires_on_idx').on(t.donorId, t.expiresOn, t.id),
    index('foods_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    check('foods_quantity_positive', sql`${t.quantity} > 0`),
  ],
);
