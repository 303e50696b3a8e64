/** Wanted posts and the listings that answered them (docs/api.md "Wanted posts"). */
import { sql } from 'drizzle-orm';
import { check, doublePrecision, index, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { foods, users } from '../db/schema/index.js';
import { timestamps } from '../db/schema/columns.js';

/**
 * One Wanted post: what `poster_id` needs, near the exact point (`lat`, `lng`, read by the
 * poster only) within `radius_km`, until `expires_at`. `public_lat`/`public_lng` is the
 * point everyone else sees, derived like a listing's (places/blur.ts). Hidden by a
 * moderator or by reports while `hidden_at` is set. The custom migration `wanted_points` adds the
 * generated cubes `public_earth` and `earth` (ll_to_earth of each point) and their GiST indexes,
 * which the near list (repository.ts) and the matching (matching.ts) read; Drizzle does not map them.
 */
export const wantedPosts = pgTable(
  'wanted_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    posterId: text('poster_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    details: text('details').notNull().default(''),
    lat: doublePrecision('lat').notNull(),
    lng: doublePrecision('lng').notNull(),
    publicLat: doublePrecision('public_lat').notNull(),
    publicLng: doublePrecision('public_lng').notNull(),
    radiusKm: doublePrecision('radius_km').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenReason: text('hidden_reason'),
  },
  (t) => [
    // The open list, newest first, and the matcher's scan of open posts.
    index('wanted_posts_open_idx').on(t.createdAt, t.id).where(sql`${t.hiddenAt} is null`),
    index('wanted_posts_expires_idx').on(t.expiresAt),
    index('wanted_posts_poster_idx').on(t.posterId, t.createdAt),
    check('wanted_posts_point', sql`${t.lat} between -90 and 90 and ${t.lng} between -180 and 180`),
    check('wanted_posts_radius', sql`${t.radiusKm} between 1 and 50`),
  ],
);

/**
 * A listing that answered a Wanted post: offered to the poster first until `offered_until`
 * (others' requests wait, requests/repository.ts), or until the poster requests it.
 */
export const wantedAnswers = pgTable(
  'wanted_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    wantedId: uuid('wanted_id')
      .notNull()
      .references(() => wantedPosts.id, { onDelete: 'cascade' }),
    foodId: uuid('food_id')
      .notNull()
      .references(() => foods.id, { onDelete: 'cascade' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }).notNull().defaultNow(),
    offeredUntil: timestamp('offered_until', { withTimezone: true }).notNull(),
  },
  (t) => [uniqueIndex('wanted_answers_once').on(t.wantedId, t.foodId), index('wanted_answers_food_idx').on(t.foodId)],
);

/** A new listing that matched an open Wanted post: its poster was told once (`wanted.match`), never again for the pair. */
export const wantedMatches = pgTable(
  'wanted_matches',
  {
    wantedId: uuid('wanted_id')
      .notNull()
      .references(() => wantedPosts.id, { onDelete: 'cascade' }),
    foodId: uuid('food_id')
      .notNull()
      .references(() => foods.id, { onDelete: 'cascade' }),
    matchedAt: timestamp('matched_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.wantedId, t.foodId] })],
);
