/** Food listings (SPEC.md §3 Food, DESIGN.md "Data"). */
import { sql } from 'drizzle-orm';
import { check, date, doublePrecision, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { FOOD_STATUSES, LISTED_FOOD_STATUSES } from '../../../contract/limits.js';
import { CATEGORIES, type AllergenFacts, type Category, type Diet, type Allergen } from '../../../contract/taxonomy.js';
import { users } from './auth.js';
import { timestamps } from './columns.js';

const quoted = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * SQL "this listing is in the public lists" (Available or Reserved), on
 * `column` (`foods.status`). The list queries use this very text, so PostgreSQL
 * matches it to the partial indexes below.
 */
export const listedStatus = (column: AnyPgColumn) => sql`${column} in (${quoted(LISTED_FOOD_STATUSES)})`;

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
    /** Further photo URLs after `image_url` (at most 4). */
    gallery: text('gallery').array().notNull().default(sql`'{}'::text[]`),
    /** The exact pickup point (WGS 84), seen by the donor and the accepted requester only. */
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
    /** Where the listing is in its life (`FOOD_STATUSES`); `Expired` is stored by the expiry job, until then read from the date. */
    status: text('status', { enum: FOOD_STATUSES }).notNull().default('Available'),
    /** The donor's approximate weight of the whole listing, kg (optional; impact figures). */
    weightKg: numeric('weight_kg', { precision: 8, scale: 3, mode: 'number' }),
    /**
     * Set when Google sign-in took over the never-verified account that made this
     * listing: hidden from everyone but its donor until the owner keeps
     * or deletes it (`account/held.ts`).
     */
    heldAt: timestamp('held_at', { withTimezone: true }),
    ...timestamps,
    /** Hidden by a moderator or by reports (null: shown), and why, as the donor is told. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
    /** The donor is banned until then ('infinity': for good); hidden meanwhile. */
    donorBannedUntil: timestamp('donor_banned_until', { withTimezone: true }),
    /** The listing's IANA time zone (`TimeZone`); null: the server's (foods/windows.ts). */
    timeZone: text('time_zone'),
    /** End of the listing's last pickup window (foods/schema.ts `pickup_windows`); null: no windows. Past it the listing is not available. */
    pickupUntil: timestamp('pickup_until', { withTimezone: true }),
    /** The recurring offer (foods/schema.ts `recurring_offers`) this listing belongs to; no foreign key, as the core tables import no feature. */
    seriesId: uuid('series_id'),
    /** The listing's category (`CATEGORIES`); `Other` for listings made before categories. */
    category: text('category').$type<Category>().notNull().default('Other'),
    /** Diet tags (`DIETS`), each once. */
    diet: text('diet').array().$type<Diet[]>().notNull().default(sql`'{}'::text[]`),
    /** The allergens as the donor stated them: `{Contains, MayContain}`, `"Unknown"`, or null (not stated). */
    allergens: jsonb('allergens').$type<Exclude<AllergenFacts, null>>(),
    /** The Annex II allergens in neither list (`allergenFree`, written with `allergens`); `{}` when unknown or not stated. `withoutAllergens=` reads it. */
    allergenFree: text('allergen_free').array().$type<Allergen[]>().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    // The public lists (Available and Reserved only) read in order from these, no sort;
    // collected and expired listings are not in them, so they stay small.
    index('foods_listed_expires_on_idx').on(t.expiresOn, t.id).where(listedStatus(t.status)),
    index('foods_listed_quantity_idx').on(t.quantity, t.id).where(listedStatus(t.status)),
    // A donor's own list (`?email=`) reads in order from this index, no sort.
    index('foods_donor_id_expires_on_idx').on(t.donorId, t.expiresOn, t.id),
    index('foods_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    // Category, diet and allergen filters: a category's listings in date order, and the
    // array containments `diet @> …` and `allergen_free @> …` (GIN), listed foods only.
    index('foods_listed_category_idx').on(t.category, t.expiresOn, t.id).where(listedStatus(t.status)),
    index('foods_listed_diet_idx').using('gin', t.diet).where(listedStatus(t.status)),
    index('foods_listed_allergen_free_idx').using('gin', t.allergenFree).where(listedStatus(t.status)),
    check('foods_category_known', sql`${t.category} in (${quoted(CATEGORIES)})`),
    // The next ban end (cache/ban-ends.ts) is read from this small index, not a scan.
    // The expiry job finds open listings past their last pickup window in this small index.
    index('foods_listed_pickup_until_idx').on(t.pickupUntil).where(sql`${listedStatus(t.status)} and ${t.pickupUntil} is not null`),
    // A recurring offer's listings, newest first (foods/recurring.ts).
    index('foods_series_idx').on(t.seriesId, t.createdAt).where(sql`${t.seriesId} is not null`),
    index('foods_donor_banned_until_idx').on(t.donorBannedUntil).where(sql`${t.donorBannedUntil} is not null`),
    check('foods_quantity_positive', sql`${t.quantity} > 0`),
    check('foods_point_complete', sql`(${t.lat} is null) = (${t.publicLat} is null) and (${t.lat} is null) = (${t.lng} is null) and (${t.publicLat} is null) = (${t.publicLng} is null)`),
    check('foods_status_known', sql`${t.status} in (${quoted(FOOD_STATUSES)})`),
  ],
);
