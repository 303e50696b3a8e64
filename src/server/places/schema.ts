/**
 * Answers of the configured geocoder (`GEOCODER_URL`), cached for every
 * process, and the home areas people save in their profile.
 */
import { sql } from 'drizzle-orm';
import { check, doublePrecision, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../db/schema/auth.js';

/** One geocoder answer, keyed by the request it answered (`search:<q>` or `reverse:<lat>,<lng>`). */
export const placeCache = pgTable('place_cache', {
  key: text('key').primaryKey(),
  answer: jsonb('answer').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A person's home area: the default position and radius of their 'Near' search. Read and
 * written only by its owner (`/api/account/home-area`), never joined into another answer;
 * gone with the account (cascade).
 */
export const homeAreas = pgTable(
  'home_areas',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default(''),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    radiusKm: doublePrecision('radius_km').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('home_areas_point', sql`${t.lat} between -90 and 90 and ${t.lng} between -180 and 180`),
    check('home_areas_radius', sql`${t.radiusKm} between 1 and 50`),
  ],
);
