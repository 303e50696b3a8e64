/** Column sets shared by several tables. */
import { timestamp } from 'drizzle-orm/pg-core';

/** `created_at` / `updated_at`, both `timestamptz` defaulting to now. */
export const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};
