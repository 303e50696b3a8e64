/** Impact totals, kept up to date in each delivery's transaction. */
import { sql } from 'drizzle-orm';
import { check, integer, numeric, pgTable, smallint, text } from 'drizzle-orm/pg-core';
import { users } from '../db/schema/auth.js';

/** The community's totals: one row (`id` 1), so the home page never sums the requests. */
export const communityImpact = pgTable(
  'community_impact',
  {
    id: smallint('id').primaryKey().default(1),
    shares: integer('shares').notNull().default(0),
    kg: numeric('kg', { precision: 14, scale: 3, mode: 'number' }).notNull().default(0),
  },
  (t) => [check('community_impact_one_row', sql`${t.id} = 1`)],
);

/** One person's totals: every delivery they gave or received. */
export const userImpact = pgTable('user_impact', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  shares: integer('shares').notNull().default(0),
  kg: numeric('kg', { precision: 14, scale: 3, mode: 'number' }).notNull().default(0),
});
