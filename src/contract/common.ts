/**
 * Building blocks shared by every API schema: ids, bounded text, URLs and
 * calendar dates. Limits follow issue "Security" (names ≤ 120, location ≤ 200,
 * notes ≤ 1000, donation text ≤ 50).
 */
import { z } from 'zod';

export const LIMITS = {
  name: 120,
  location: 200,
  notes: 1000,
  donation: 50,
  url: 2048,
  search: 120,
  quantityMin: 1,
  quantityMax: 10_000,
} as const;

/**
 * Text checks for characters PostgreSQL cannot store: `text` never holds U+0000,
 * so it is refused here as bad input (400) instead of failing in the database.
 */
export const noNul = [(v: string) => !v.includes('\u0000'), { error: 'must not contain NUL characters' }] as const;

/** A row id: a UUID (DESIGN.md "Data"). */
export const Id = z.uuid({ error: 'must be a UUID' });

/** Required, trimmed text of at most `max` characters. */
export const requiredText = (max: number) =>
  z
    .string()
    .trim()
    .min(1, { error: 'is required' })
    .max(max, { error: `must be at most ${max} characters` })
    .refine(...noNul);

/** Optional free text: absent or null becomes the empty string. */
export const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `must be at most ${max} characters` })
    .refine(...noNul)
    .nullish()
    .transform((v) => v ?? '');

/** An absolute http: or https: URL; never javascript:, data: or others. */
export const HttpUrl = z
  .string()
  .trim()
  .max(LIMITS.url)
  .refine(...noNul)
  .refine(
    (v) => {
      try {
        const u = new URL(v);
        return u.protocol === 'http:' || u.protocol === 'https:';
      } catch {
        return false;
      }
    },
    { error: 'must be an http or https URL' },
  );

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})(?:T[\d:.]+(?:Z|[+-]\d{2}:?\d{2})?)?$/;

/**
 * A calendar date, `YYYY-MM-DD` (an ISO date-time is accepted and cut to its
 * date part). Impossible dates such as 2025-02-30 are refused. Output: `YYYY-MM-DD`.
 */
export const CalendarDate = z
  .string()
  .trim()
  .regex(DATE_RE, { error: 'must be a date YYYY-MM-DD' })
  .refine(
    (v) => {
      // zod 4 runs this check even when the regex above failed: that failure is reported already.
      const match = DATE_RE.exec(v);
      if (!match) return true;
      const [, y, m, d] = match.map(Number);
      const date = new Date(Date.UTC(y!, m! - 1, d!));
      return date.getUTCFullYear() === y && date.getUTCMonth() === m! - 1 && date.getUTCDate() === d;
    },
    { error: 'is not a real calendar date' },
  )
  .transform((v) => v.slice(0, 10));

/** A person as the API shows them (SPEC.md §3 Donator / Requester). */
export const Person = z.object({
  Name: z.string(),
  Image: z.string(),
  Email: z.string(),
});
export type Person = z.infer<typeof Person>;

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
