/** Blocks between people (blocks/repository.ts). */
import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../db/schema/auth.js';

/** `blocker_id` blocked `blocked_id`; its effects hold both ways. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.blockerId, t.blockedId] }), index('blocks_blocked_idx').on(t.blockedId, t.blockerId)],
);
