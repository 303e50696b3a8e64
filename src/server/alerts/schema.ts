/** Alerts (saved searches) and the listings each has matched (alerts/matching.ts). */
import { sql } from 'drizzle-orm';
import { boolean, check, doublePrecision, index, integer, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { Allergen, Category, Diet } from '../../contract/index.js';
import { users } from '../db/schema/auth.js';
import { foods } from '../db/schema/foods.js';

/**
 * A saved search of one person (docs/api.md "Alerts"). `terms` are the lower-cased words
 * of `words`, each of which a listing's name must contain; `min_*`/`max_*` the bounding
 * box of the circle (`lat`, `lng`, `radius_km`), which the GiST index `alerts_box_idx`
 * serves, so matching a new listing reads only the alerts whose box holds its point.
 * `notice_id`/`notice_count`: the unread notification later matches fold into;
 * `day_start`/`day_count`: the notifications of the current 24 hours (the daily cap).
 */
export const alerts = pgTable(
  'alerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    words: text('words').notNull().default(''),
    terms: text('terms').array().notNull().default(sql`'{}'::text[]`),
    categories: text('categories').array().$type<Category[]>().notNull().default(sql`'{}'::text[]`),
    diet: text('diet').array().$type<Diet[]>().notNull().default(sql`'{}'::text[]`),
    withoutAllergens: text('without_allergens').array().$type<Allergen[]>().notNull().default(sql`'{}'::text[]`),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    radiusKm: doublePrecision('radius_km').notNull(),
    minLat: doublePrecision('min_lat').notNull(),
    maxLat: doublePrecision('max_lat').notNull(),
    minLng: doublePrecision('min_lng').notNull(),
    maxLng: doublePrecision('max_lng').notNull(),
    push: boolean('push').notNull().default(true),
    email: boolean('email').notNull().default(false),
    paused: boolean('paused').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    lastMatchAt: timestamp('last_match_at', { withTimezone: true }),
    noticeId: uuid('notice_id'),
    noticeCount: integer('notice_count').notNull().default(0),
    dayStart: timestamp('day_start', { withTimezone: true }),
    dayCount: integer('day_count').notNull().default(0),
  },
  (t) => [
    index('alerts_user_idx').on(t.userId, t.createdAt),
    index('alerts_box_idx')
      .using('gist', sql`box(point(${t.minLng}, ${t.minLat}), point(${t.maxLng}, ${t.maxLat}))`)
      .where(sql`not ${t.paused}`),
    check('alerts_point', sql`${t.lat} between -90 and 90 and ${t.lng} between -180 and 180`),
    check('alerts_radius', sql`${t.radiusKm} > 0 and ${t.radiusKm} <= 50`),
  ],
);

/** Each listing an alert matched once: a repeated task (outbox retry) tells nobody twice. */
export const alertMatches = pgTable(
  'alert_matches',
  {
    alertId: uuid('alert_id')
      .notNull()
      .references(() => alerts.id, { onDelete: 'cascade' }),
    foodId: uuid('food_id')
      .notNull()
      .references(() => foods.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.alertId, t.foodId] }), index('alert_matches_food_idx').on(t.foodId)],
);
