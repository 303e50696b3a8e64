/**
 * Trust and safety: reports, moderation, blocks and feedback after a
 * hand-over. Instants are ISO 8601 UTC strings.
 */
import { z } from 'zod';
import { LIMITS, noNul, optionalText, Standing } from './common.js';
import { PublicRecurringOffer } from './pickups.js';
import { FEEDBACK_RATINGS, FEEDBACK_REASONS, MODERATION_ACTIONS, REPORT_REASONS, REPORT_TARGETS } from './limits.js';

export const ReportReason = z.enum(REPORT_REASONS);
export const ReportTarget = z.enum(REPORT_TARGETS);
export type ReportReason = z.infer<typeof ReportReason>;
export type ReportTarget = z.infer<typeof ReportTarget>;

/** Body of `POST /api/reports`: `Details` (at most 1000 characters) is required for `Other`. */
export const ReportInput = z
  .strictObject({
    TargetType: ReportTarget,
    TargetId: z.string().trim().min(1).max(64).refine(...noNul),
    Reason: ReportReason,
    Details: optionalText(LIMITS.notes),
  })
  .superRefine((r, ctx) => {
    if (r.Reason === 'Other' && !r.Details) ctx.addIssue({ code: 'custom', path: ['Details'], message: 'is required when the reason is Other' });
  });
export type ReportInput = z.input<typeof ReportInput>;

/** One report as moderators see it; `Snapshot` is the content as it was reported. */
export const ModerationReport = z.object({
  _id: z.string(),
  Reason: z.string(),
  Details: z.string(),
  CreatedAt: z.string(),
  Snapshot: z.record(z.string(), z.unknown()),
  /** Whether the reporter's address is verified; reports of unverified accounts never count toward hiding. Null: an automatic report (no reporter). */
  ReporterVerified: z.boolean().nullable(),
});

/** Open reports of one target (`GET /api/moderation/reports`), the most reported first. */
export const ModerationGroup = z.object({
  TargetType: ReportTarget,
  TargetId: z.string(),
  /** The person the target belongs to (donor, sender, or the person reported). */
  TargetUser: z.object({ _id: z.string(), Name: z.string(), Email: z.string(), Banned: z.boolean(), Role: z.string() }),
  Count: z.number().int(),
  Reasons: z.array(z.string()),
  /** True while the listing or message is hidden. */
  Hidden: z.boolean(),
  FirstReportedAt: z.string(),
  Reports: z.array(ModerationReport),
});
export type ModerationGroup = z.infer<typeof ModerationGroup>;

/** Body of `POST /api/moderation/actions`. `Days` 1, 7 or 30 for `Ban`; without it the ban is for good. */
export const ModerationActionInput = z.strictObject({
  Action: z.enum(MODERATION_ACTIONS),
  TargetType: ReportTarget,
  TargetId: z.string().trim().min(1).max(64).refine(...noNul),
  Reason: z.string().trim().min(1, { error: 'is required' }).max(LIMITS.notes).refine(...noNul),
  // BAN_DAYS of limits.ts.
  Days: z.union([z.literal(1), z.literal(7), z.literal(30)]).optional(),
});
export type ModerationActionInput = z.input<typeof ModerationActionInput>;

/** One entry of the audit log (`GET /api/moderation/log`); `Actor` null: Plateful itself (auto-hide). */
export const ModerationLogEntry = z.object({
  _id: z.string(),
  At: z.string(),
  Actor: z.object({ _id: z.string().nullable(), Name: z.string() }).nullable(),
  Action: z.string(),
  TargetType: ReportTarget,
  TargetId: z.string(),
  Reason: z.string(),
  Days: z.number().int().nullable(),
  /** What the target is called now: the listing's name, the person's name, the message's sender; null once it is gone. */
  TargetName: z.string().nullable(),
  /** A listing or message: whether it is hidden now (Restore applies); null for a person or a target that is gone. */
  TargetHidden: z.boolean().nullable(),
  /** A person: whether they are banned now (Unban applies); null for listings and messages. */
  TargetBanned: z.boolean().nullable(),
});
export type ModerationLogEntry = z.infer<typeof ModerationLogEntry>;

/** Body of `POST /api/blocks`. */
export const BlockInput = z.strictObject({ UserId: z.string().trim().min(1).max(64).refine(...noNul) });
/** Route parameter `{userId}` of `DELETE /api/blocks/{userId}` and `GET /api/people/{userId}`. */
export const UserIdParams = z.object({ userId: z.string().min(1).max(64).refine(...noNul) });

/** A person the signed-in user blocked (`GET /api/blocks`). */
export const BlockedPerson = z.object({ _id: z.string(), Name: z.string(), Image: z.string(), BlockedAt: z.string() });
export type BlockedPerson = z.infer<typeof BlockedPerson>;

/** Body of `POST /api/requests/{requestId}/feedback`; `Comment` is read by moderators only. */
export const FeedbackInput = z.strictObject({
  Rating: z.enum(FEEDBACK_RATINGS),
  Reason: z.enum(FEEDBACK_REASONS).optional(),
  Comment: optionalText(LIMITS.notes),
});
export type FeedbackInput = z.input<typeof FeedbackInput>;

/** Answer of `GET /api/requests/{requestId}/feedback`: whether the caller may still leave feedback. */
export const FeedbackState = z.object({ Given: z.boolean(), CanGive: z.boolean() });
export type FeedbackState = z.infer<typeof FeedbackState>;

/**
 * A person's public standing (`GET /api/people/{userId}`): completed hand-overs
 * (`Shares`) and, from 3 feedbacks on, the share of positive ones. No stars. A donor's
 * running recurring offers (active, their listing shown) come with it.
 */
export const PersonStanding = Standing.extend({
  _id: z.string(),
  Name: z.string(),
  Image: z.string(),
  Feedbacks: z.number().int(),
  RecurringOffers: z.array(PublicRecurringOffer),
});
export type PersonStanding = z.infer<typeof PersonStanding>;
