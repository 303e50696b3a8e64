/**
 * Reports and the moderators' audit log. Roles and bans are Better Auth's admin
 * plugin's columns on `users` (db/schema/auth.ts).
 */
import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { MODERATION_ACTIONS, REPORT_REASONS, REPORT_TARGETS } from '../../contract/limits.js';
import { users } from '../db/schema/auth.js';

/**
 * A report of a listing, a person or a message. `reporter_id` null: raised by
 * Plateful itself (three negative feedbacks). `snapshot` is the content as it was
 * reported, so a later edit cannot hide it from the moderators. Open while
 * `resolved_at` is null; one open report per reporter and target.
 */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id').references(() => users.id, { onDelete: 'cascade' }),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: text('target_id').notNull(),
    /** The person the target belongs to (the donor, the sender, or the person). */
    targetUserId: text('target_user_id').notNull(),
    reason: text('reason', { enum: [...REPORT_REASONS, 'NegativeFeedback'] }).notNull(),
    details: text('details').notNull().default(''),
    snapshot: jsonb('snapshot').$type<Record<string, unknown>>().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('reports_one_open_per_reporter')
      .on(t.reporterId, t.targetType, t.targetId)
      .where(sql`${t.resolvedAt} is null`),
    uniqueIndex('reports_one_open_automatic')
      .on(t.targetType, t.targetId)
      .where(sql`${t.resolvedAt} is null and ${t.reporterId} is null`),
    index('reports_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
    index('reports_target_idx').on(t.targetType, t.targetId),
  ],
);

/** Every moderator action (who, what, when, why); `actor_id` null: done by Plateful itself (auto-hide). */
export const moderationLog = pgTable(
  'moderation_log',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    actorName: text('actor_name').notNull(),
    action: text('action', { enum: [...MODERATION_ACTIONS, 'AutoHide'] }).notNull(),
    targetType: text('target_type', { enum: REPORT_TARGETS }).notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull(),
    days: text('days'),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('moderation_log_at_idx').on(t.at, t.id)],
);
