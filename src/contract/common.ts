/**
 * Building blocks shared by every API schema: ids, bounded text, URLs and
 * calendar dates, with the limits of `limits.ts`.
 */
import { z } from 'zod';
import { LIMITS } from './limits.js';

export {
  DONOR_EMAIL_STATUSES,
  FOOD_STATUSES,
  LIMITS,
  LISTED_FOOD_STATUSES,
  OPEN_REQUEST_STATUSES,
  PLACES,
  REQUEST_STATUSES,
  isListedFoodStatus,
  isOpenRequestStatus,
} from './limits.js';

/**
 * Text checks for characters PostgreSQL cannot store: `text` never holds U+0000,
 * so it is refused here as bad input (400) instead of failing in the database.
 */
export const noNul = [(v: string) => !v.includes('\u0000'), { error: 'must not contain NUL characters' }] as const;

/**
 * The one rule for control characters: a one-line field (a name, a food
 * name, a pickup location, a donation text) holds no control character at all
 * (C0, DEL, C1) and no Unicode line or paragraph separator, so it cannot break a
 * line of a mail or a page; a multi-line field (notes, messages) keeps tab, line
 * feed and carriage return and refuses every other control character.
 */
export const ONE_LINE_FORBIDDEN = /[\p{Cc}\u2028\u2029]/u;
/** Control characters a multi-line field refuses: all but tab, line feed and carriage return. */
export const MULTI_LINE_FORBIDDEN = /[^\P{Cc}\t\n\r]/u;

/** The refinement of a one-line field (see {@link ONE_LINE_FORBIDDEN}). */
export const oneLine = [(v: string) => !ONE_LINE_FORBIDDEN.test(v), { error: 'must be one line without control characters' }] as const;
/** The refinement of a multi-line field (see {@link MULTI_LINE_FORBIDDEN}). */
export const multiLine = [(v: string) => !MULTI_LINE_FORBIDDEN.test(v), { error: 'must not contain control characters other than line breaks and tabs' }] as const;

/** A row id: a UUID (DESIGN.md "Data"). */
export const Id = z.uuid({ error: 'must be a UUID' });

/** Required, trimmed multi-line text of at most `max` characters (line breaks kept). */
export const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine(...noNul)
    .refine(...multiLine);

/** Required, trimmed one-line text of at most `max` characters (no control characters). */
export const requiredLine = (max: number) => requiredText(max).refine(...oneLine);

/** Optional free text: absent or null becomes the empty string; `line` makes it a one-line field. */
export const optionalText = (max: number, { line = false } = {}) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine(...noNul)
    .refine(line ? oneLine[0] : multiLine[0], line ? oneLine[1] : multiLine[1])
    .nullish()
    .transform((v) => v ?? '');

/** An absolute http: or https: URL (zod's URL check); never javascript:, data: or others. */
export const HttpUrl = z
  .url({ protocol: /^https?$/, error: 'must be an http or https URL' })
  .trim()
  .max(LIMITS.url, { error: `must be at most ${LIMITS.url} characters` })
  .refine(...noNul);

/**
 * A calendar date, `YYYY-MM-DD` (zod's ISO date, which refuses impossible dates
 * such as 2025-02-30); an ISO date-time is accepted and cut to its date part.
 * Output: `YYYY-MM-DD`.
 */
export const CalendarDate = z
  .string()
  .trim()
  .pipe(z.union([z.iso.date(), z.iso.datetime({ offset: true, local: true })], { error: 'must be a date YYYY-MM-DD' }))
  .transform((v) => v.slice(0, 10));

/** A person as the API shows them (SPEC.md §3 Donator / Requester). */
export const Person = z.object({
  Name: z.string(),
  Image: z.string(),
  Email: z.string(),
  /** The person's user id, to report, block or look them up (`/api/people/{id}`). */
  _id: z.string().optional(),
});
export type Person = z.infer<typeof Person>;

/**
 * A person's public standing beside their name: completed hand-overs
 * (`Shares`, as donor or requester) and, from 3 feedbacks on, the percentage of
 * positive ones (`PositivePercent`, a whole number; null below 3). No stars.
 */
export const Standing = z.object({ Shares: z.number().int(), PositivePercent: z.number().int().nullable() });
export type Standing = z.infer<typeof Standing>;

/** Answer of a create call (SPEC.md §7: `insertedId` read). */
export const InsertResult = z.object({ acknowledged: z.literal(true), insertedId: z.string() });
export type InsertResult = z.infer<typeof InsertResult>;

/** Answer of an update call (SPEC.md §7: `modifiedCount` read). */
export const UpdateResult = z.object({
  acknowledged: z.literal(true),
  matchedCount: z.number().int(),
  modifiedCount: z.number().int(),
});
export type UpdateResult = z.infer<typeof UpdateResult>;

/** Answer of a delete call (SPEC.md §7: `deletedCount` read). */
export const DeleteResult = z.object({ acknowledged: z.literal(true), deletedCount: z.number().int() });
export type DeleteResult = z.infer<typeof DeleteResult>;

/** Route parameter `{id}` of `/foods/{id}` and `/requests/{id}`. */
export const IdParams = z.object({ id: Id });
