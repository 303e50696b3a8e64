/** Food listings (SPEC.md §3 Food, DESIGN.md "Data"). */
import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, pgTable, text, uuid } from 'drizzle-orm/pg-core';
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
    /** Issue "Near me": the exact pickup point (WGS 84), seen by the donor and the accepted requester only. */
    lat: doublePrecision('lat'),
    lng: doublePrecision('lng'),
    /**
     * The public point: the exact one moved 200–500 m in a random direction once, when
     * saved (places/blur.ts). The custom migration `places_earth` adds the generated
     * column `public_earth cube = ll_to_earth(public_lat, public_lng)` and its GiST
     * index `foods_public_point_idx`, which radius searches read (foods/lists.ts);
     * Drizzle does not map that column, so reads never carry it.
     */
    publicLat: doublePrecision('public_lat'),
    publicLng: doublePrecision('public_lng'),
    donorId: text('donor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    donorName: text('donor_name').notNull(),
    donorImage: text('donor_image').notNull(),
    donorEmail: text('donor_email').notNull(),
    ...timestamps,
  },
  (t) => [
    index('foods_expires_on_idx').on(t.expiresOn, t.id),
    index('foods_quantity_idx').on(t.quantity, t.id),
    // A donor's own list (`?email=`) reads in order from this index, no sort.
    index('foods_donor_id_expires_on_idx').on(t.donorId, t.expiresOn, t.id),
    index('foods_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    check('foods_quantity_positive', sql`${t.quantity} > 0`),
    check('foods_point_complete', sql`(${t.lat} is null) = (${t.publicLat} is null) and (${t.lat} is null) = (${t.lng} is null) and (${t.publicLat} is null) = (${t.publicLng} is null)`),
  ],
);
