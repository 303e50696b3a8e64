/** The language a person chose for Plateful (docs/translating.md): their mails, pushes and notifications follow it. */
import { pgTable, text } from 'drizzle-orm/pg-core';
import { users } from '../db/schema/index.js';
import { timestamps } from '../db/schema/columns.js';

/** One row per person who chose a language; none: the negotiated one of each request. */
export const userLanguages = pgTable('user_languages', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** A shipped locale code (contract `LOCALES`); an unshipped one reads as unset. */
  language: text('language').notNull(),
  ...timestamps,
});
