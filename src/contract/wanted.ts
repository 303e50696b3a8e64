/**
 * Wanted posts (docs/api.md "Wanted posts"): a person asks for food they need, within a
 * radius of a place, until an expiry; a donor answers with a listing. The public
 * `Location` is blurred like a listing's; only the poster reads the exact point.
 */
import { z } from 'zod';
import { Id, LIMITS, PLACES, optionalText, requiredLine } from './common.js';
import { WANTED } from './limits.js';
import { Location, LocationInput, NearParam } from './places.js';

/** Bounds of Wanted posts: in `limits.ts`, which the web client reads without bundling zod. */
export { WANTED };

const radiusKm = z
  .number({ error: 'must be a number of km' })
  .min(PLACES.radiusMinKm, { error: `must be at least ${PLACES.radiusMinKm}` })
  .max(PLACES.radiusMaxKm, { error: `must be at most ${PLACES.radiusMaxKm}` });

/**
 * Body of `POST /wanted`: what is needed (`Title`, one line), more words (`Details`),
 * the place and radius it may come from, and an optional expiry (ISO 8601 instant, in the
 * future, at most `WANTED.maxDays` ahead; default `WANTED.defaultDays`).
 */
export const WantedInput = z.strictObject({
  Title: requiredLine(LIMITS.name),
  Details: optionalText(LIMITS.notes),
  Location: LocationInput,
  RadiusKm: radiusKm,
  ExpiresAt: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).optional(),
});
export type WantedInput = z.input<typeof WantedInput>;

/** A listing that answered a Wanted post. */
export const WantedAnswer = z.object({ FoodId: z.string(), FoodName: z.string(), AnsweredAt: z.string(), OfferedUntil: z.string() });
export type WantedAnswer = z.infer<typeof WantedAnswer>;

/**
 * A Wanted post as answered. `Location` is the public (blurred) point, `Approximate: true`,
 * except to the poster; `Open` is false once it expired; `Hidden` only to the poster and
 * moderators while a moderator or reports keep it hidden.
 */
export const Wanted = z.object({
  _id: z.string(),
  Title: z.string(),
  Details: z.string(),
  Location,
  RadiusKm: z.number(),
  ExpiresAt: z.string(),
  CreatedAt: z.string(),
  Open: z.boolean(),
  Poster: z.object({ Name: z.string(), Image: z.string(), _id: z.string() }),
  DistanceKm: z.number().optional(),
  Answers: z.array(WantedAnswer),
  Hidden: z.object({ Reason: z.string(), At: z.string() }).optional(),
});
export type Wanted = z.infer<typeof Wanted>;

/** `{createdAt epoch ms}_{id}`, the last row of the previous page (handed out in `X-Next-Cursor`). */
const WANTED_CURSOR_RE = /^(\d{1,15})_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Parses a cursor of `GET /wanted`; undefined when malformed. */
export function parseWantedCursor(cursor: string): { at: number; id: string } | undefined {
  const m = WANTED_CURSOR_RE.exec(cursor);
  return m ? { at: Number(m[1]), id: m[2]!.toLowerCase() } : undefined;
}

/**
 * Query of `GET /wanted`: the open posts, newest first; `near=lat,lng` with `radiusKm`
 * (default `PLACES.radiusDefaultKm`) keeps those whose public point is within it;
 * `mine=true` the signed-in poster's own, expired ones too. Pages as `GET /foods`:
 * `limit` and the `cursor` of `X-Next-Cursor`.
 */
export const WantedQuery = z
  .object({
    near: NearParam.optional(),
    radiusKm: z.coerce.number({ error: 'must be a number of km' }).pipe(radiusKm).optional(),
    mine: z.enum(['true', 'false']).transform((v) => v === 'true').optional(),
    limit: z.coerce.number().int().min(1).max(WANTED.maxLimit).optional(),
    cursor: z
      .string()
      .max(64)
      .refine((v) => parseWantedCursor(v) !== undefined, { error: 'is not a cursor this API handed out' })
      .optional(),
  })
  .superRefine((q, ctx) => {
    if (q.near === undefined && q.radiusKm !== undefined) ctx.addIssue({ code: 'custom', path: ['radiusKm'], message: 'needs near' });
  });
export type WantedQuery = z.input<typeof WantedQuery>;

/** Body of `POST /wanted/{id}/answers`: the answering listing, the donor's own. */
export const WantedAnswerInput = z.strictObject({ FoodId: Id });
export type WantedAnswerInput = z.infer<typeof WantedAnswerInput>;
