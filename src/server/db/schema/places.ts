/** Issue "Near me": answers of the configured geocoder (`GEOCODER_URL`), cached for every process. */
import { jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** One geocoder answer, keyed by the request it answered (`search:<q>` or `reverse:<lat>,<lng>`). */
export const placeCache = pgTable('place_cache', {
  key: text('key').primaryKey(),
  answer: jsonb('answer').notNull(),
  fetchedAt: timestamp('fetched_at', { withTimezone: true }).notNull().defaultNow(),
});
