/** Food listings: body, query and answer schemas of `/api/foods` (SPEC.md §3, §7). */
import { z } from 'zod';
import { CalendarDate, FOOD_STATUSES, HttpUrl, LIMITS, Person, noNul, requiredLine, requiredText } from './common.js';
import { FACT_ANSWER_FIELDS, FACT_INPUT_FIELDS, FACT_QUERY_FIELDS } from './facts.js';
import { FOOD_GALLERY_MAX } from './images.js';
import { PLACES } from './limits.js';
import { PICKUP_ANSWER_FIELDS, PICKUP_INPUT_FIELDS, PICKUP_QUERY_FIELDS } from './pickups.js';
import { Location, LocationInput, NearParam } from './places.js';

/**
 * Body of `POST /foods` and `PUT /foods/{id}`. `Donator` and `_id` are accepted
 * because the spec's client sends them, and ignored: the server takes the donor
 * from the session (DESIGN.md "The API"). Any other field is refused.
 */
/** A listing's quantity: a whole number in the limits (sent as text by the spec's form). */
export const FoodQuantity = z.coerce
  .number({ error: 'must be a whole number' })
  .int({ error: 'must be a whole number' })
  .min(LIMITS.quantityMin, { error: `must be at least ${LIMITS.quantityMin}` })
  .max(LIMITS.quantityMax, { error: `must be at most ${LIMITS.quantityMax}` });

export const FoodInput = z.strictObject({
  FoodName: requiredLine(LIMITS.name),
  FoodImage: HttpUrl,
  FoodQuantity,
  PickupLocation: requiredLine(LIMITS.location),
  ExpiredDateTime: CalendarDate,
  AdditionalNotes: requiredText(LIMITS.notes),
  /**
   * Up to four more photo URLs after `FoodImage`. Absent on `PUT`: the
   * listing keeps its gallery (clients of the spec do not know the field); `[]` clears it.
   */
  FoodGallery: z.array(HttpUrl).max(FOOD_GALLERY_MAX, { error: `must hold at most ${FOOD_GALLERY_MAX} URLs` }).optional(),
  /**
   * The pickup point. Absent on `PUT`: the listing keeps its point
   * (clients of the spec do not know the field); `null` removes it.
   */
  Location: LocationInput.nullable().optional(),
  /**
   * "Approximate weight (kg)" of the whole listing, optional (impact figures).
   * Absent on `PUT` keeps the listing's weight; null or '' clears it.
   */
  FoodWeightKg: z
    .union([z.literal(''), z.null(), z.coerce.number({ error: 'must be a number of kg' }).min(LIMITS.weightKgMin, { error: 'must be more than 0' }).max(LIMITS.weightKgMax, { error: `must be at most ${LIMITS.weightKgMax}` })])
    .transform((v) => (v === '' ? null : v))
    .optional(),
  ...PICKUP_INPUT_FIELDS,
  ...FACT_INPUT_FIELDS,
  Donator: z.unknown().optional(),
  _id: z.unknown().optional(),
});
export type FoodInput = z.input<typeof FoodInput>;

/** A donor as shown on a listing; `Email` is left out for anonymous visitors. */
export const Donator = Person.extend({ Email: z.string().optional() });

/** Where a listing is in its life; see `FOOD_STATUSES`. */
export const FoodStatus = z.enum(FOOD_STATUSES);
export type FoodStatus = z.infer<typeof FoodStatus>;

/** A food listing as the API answers it. `ExpiredDateTime` is `YYYY-MM-DD`. */
export const Food = z.object({
  _id: z.string(),
  FoodName: z.string(),
  FoodImage: z.string(),
  FoodQuantity: z.number().int(),
  PickupLocation: z.string(),
  ExpiredDateTime: z.string(),
  AdditionalNotes: z.string(),
  /** The listing's further photos; left out when it has none. */
  FoodGallery: z.array(z.string()).optional(),
  Donator,
  /** The listing's point, when it has one (see `Location`). */
  Location: Location.optional(),
  /** Km from `near` to the public point, to 0.1 km; only on `near` searches. */
  DistanceKm: z.number().optional(),
  /** `Available`, `Reserved`, `Collected` or `Expired`. */
  FoodStatus,
  /** The donor's approximate weight in kg; left out when none was given. */
  FoodWeightKg: z.number().optional(),
  /** Only to the donor and moderators, while a moderator or reports keep the listing hidden. */
  Hidden: z.object({ Reason: z.string(), At: z.string() }).optional(),
  ...PICKUP_ANSWER_FIELDS,
  ...FACT_ANSWER_FIELDS,
});
export type Food = z.infer<typeof Food>;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/** Page size of `GET /foods` when `limit` is absent. */
export const FOODS_DEFAULT_LIMIT = 1000;
/** Largest `limit` a client may ask for. */
export const FOODS_MAX_LIMIT = 100;

/**
 * A keyset cursor: the last row's sort key and id, `{key}_{id}`, where the key is
 * the expiry date `YYYY-MM-DD` (date orders), the quantity (`sortByQuantity`) or
 * the distance in metres followed by `m` (`sortByDistance`).
 * The server hands it out in `X-Next-Cursor`; clients pass it back unchanged.
 */
const CURSOR_RE = /^(\d{4}-\d{2}-\d{2}|\d{1,9}|[0-9.e+-]{1,30}m)_([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i;

/** Parses a cursor made by {@link makeFoodsCursor}; undefined when malformed. */
export function parseFoodsCursor(cursor: string): { key: string; id: string } | undefined {
  const m = CURSOR_RE.exec(cursor);
  return m ? { key: m[1]!, id: m[2]!.toLowerCase() } : undefined;
}

/** Makes the cursor that continues after a row with sort key `key` and id `id`. */
export function makeFoodsCursor(key: string | number, id: string): string {
  return `${key}_${id}`;
}

/** Why a search is refused: no index serves text without a letter or digit. */
export const SEARCH_TOO_SHORT = 'must contain a letter or digit';

/**
 * True when `search` can be served by an index of food names: empty after
 * trimming (no search), or holding a letter or digit. A run of 3 is served by the
 * trigram index, shorter runs by the word-prefix index. Text without
 * any (`%%%`) would make PostgreSQL scan every listing; the API
 * refuses it with a 400 naming `search`.
 */
export function isIndexableSearch(search: string): boolean {
  return search.trim() === '' || /[\p{L}\p{N}]/u.test(search);
}

/**
 * Query of `GET /foods` (SPEC.md §7): `sortByQuantity=true&limit=6` (featured),
 * `sortByDate=acc|dec[&search=text]` (available list, default `dec`),
 * `email=me@example.org` (the signed-in donor's own listings). Pagination
 * (docs/api.md): `limit` 1..100 rows (default at most 1000) and `cursor`
 * from the previous page's `X-Next-Cursor`; a cursor of the wrong kind for the
 * order (a date for `sortByQuantity`, a quantity for a date order) is a 400.
 * `category`, `diet` and `withoutAllergens` filter by the listing's facts (facts.ts).
 * Unknown parameters are ignored.
 */
export const FoodsQuery = z
  .object({
    sortByQuantity: flag.optional(),
    sortByDate: z.enum(['acc', 'dec']).optional(),
    search: z
      .string()
      .max(LIMITS.search)
      .refine(...noNul)
      .refine(isIndexableSearch, { error: SEARCH_TOO_SHORT })
      .optional(),
    email: z.string().trim().max(LIMITS.email).optional(),
    limit: z.coerce.number().int().min(1).max(FOODS_MAX_LIMIT).optional(),
    /** `lat,lng`; only listings within `radiusKm` of it. */
    near: NearParam.optional(),
    radiusKm: z.coerce
      .number({ error: 'must be a number of km' })
      .min(PLACES.radiusMinKm, { error: `must be at least ${PLACES.radiusMinKm}` })
      .max(PLACES.radiusMaxKm, { error: `must be at most ${PLACES.radiusMaxKm}` })
      .optional(),
    sortByDistance: flag.optional(),
    cursor: z
      .string()
      .max(64)
      .refine((v) => parseFoodsCursor(v) !== undefined, { error: 'is not a cursor this API handed out' })
      .optional(),
    ...PICKUP_QUERY_FIELDS,
    ...FACT_QUERY_FIELDS,
  })
  .superRefine((q, ctx) => {
    if (q.pickupFrom && q.pickupUntil && Date.parse(q.pickupUntil) <= Date.parse(q.pickupFrom)) {
      ctx.addIssue({ code: 'custom', path: ['pickupUntil'], message: 'must be after pickupFrom' });
    }
    if (q.near === undefined) {
      if (q.radiusKm !== undefined) ctx.addIssue({ code: 'custom', path: ['radiusKm'], message: 'needs near' });
      if (q.sortByDistance) ctx.addIssue({ code: 'custom', path: ['sortByDistance'], message: 'needs near' });
    }
    const parsed = q.cursor === undefined ? undefined : parseFoodsCursor(q.cursor);
    if (!parsed) return;
    const kind = foodsOrderKind(q);
    const keyKind = parsed.key.endsWith('m') ? 'distance' : /^\d+$/.test(parsed.key) ? 'quantity' : 'date';
    if (kind !== keyKind) ctx.addIssue({ code: 'custom', path: ['cursor'], message: 'belongs to a different sort order' });
  });

/** Which key orders a `GET /foods` answer: distance (`near` + `sortByDistance`, before any other), quantity, or date. */
function foodsOrderKind(q: { email?: string; sortByQuantity?: boolean; sortByDistance?: boolean; near?: unknown }) {
  if (q.email !== undefined) return 'date';
  if (q.sortByDistance && q.near !== undefined) return 'distance';
  return q.sortByQuantity ? 'quantity' : 'date';
}
export type FoodsQuery = z.input<typeof FoodsQuery>;
