/** Feedback after a hand-over (feedback/repository.ts). */
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { FEEDBACK_RATINGS, FEEDBACK_REASONS } from '../../contract/limits.js';
import { users } from '../db/schema/auth.js';
import { requests } from '../db/schema/requests.js';

/** Feedback of one side of a delivered request on the other; once per side. `comment` is for moderators only. */
export const feedback = pgTable(
  'feedback',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    requestId: uuid('request_id')
      .notNull()
      .references(() => requests.id, { onDelete: 'cascade' }),
    authorId: text('author_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    rating: text('rating', { enum: FEEDBACK_RATINGS }).notNull(),
    reason: text('reason', { enum: FEEDBACK_REASONS }),
    comment: text('comment').notNull().default(''),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('feedback_once_per_side').on(t.requestId, t.authorId), index('feedback_subject_idx').on(t.subjectId, t.createdAt)],
);
