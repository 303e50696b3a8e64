/**
 * Plateful's own limit counters (http/limits.ts `consume`): one fixed window per key,
 * in the database so every server process on one database counts together. Better
 * Auth's `rate_limits` is its own; nothing of ours reads or writes it.
 */
import { bigint, index, integer, pgTable, text } from 'drizzle-orm/pg-core';

/**
 * `count` events in the window that ends at `window_end` (epoch ms). The lifecycle
 * sweep deletes rows whose window ended (`pruneCounters`).
 */
export const limitCounters = pgTable(
  'limit_counters',
  {
    key: text('key').primaryKey(),
    count: integer('count').notNull(),
    windowEnd: bigint('window_end', { mode: 'number' }).notNull(),
  },
  (t) => [index('limit_counters_window_end_idx').on(t.windowEnd)],
);
