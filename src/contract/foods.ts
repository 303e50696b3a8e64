/** Food listings: body, query and answer schemas of `/api/foods` (SPEC.md §3, §7). */
import { z } from 'zod';
import { CalendarDate, HttpUrl, LIMITS, Person, noNul, requiredText } from './common.js';

/**
 * Body of `POST /foods` and `PUT /foods/{id}`. `Donator` and `_id` are accepted
 * because the spec's client sends them, and ignored: the server takes the donor
 * from the session (DESIGN.md "The API"). Any other field is refused.
 */
export const FoodInput = z.strictObject({
  FoodName: requiredText(LIMITS.name),
  FoodImage: HttpUrl,
  FoodQuantity: z.coerce
    .number({ error: 'must be a whole number' })
    .int({ error: 'must be a whole number' })
    .min(LIMITS.quantityMin, { error: `must be at least ${LIMITS.quantityMin}` })
    .max(LIMITS.quantityMax, { error: `must be at most ${LIMITS.quantityMax}` }),
  PickupLocation: requiredText(LIMITS.location),
  ExpiredDateTime: CalendarDate,
  AdditionalNotes: requiredText(LIMITS.notes),
  Donator: z.unknown().optional(),
  _id: z.unknown().optional(),
});
export type FoodInput = z.input<typeof FoodInput>;

/** A donor as shown on a listing; `Email` is left out for anonymous visitors. */
export const Donator = Person.extend({ Email: z.string().optional() });

/** A food listing as the API answers it. `ExpiredDateTime` is `YYYY-MM-DD`. */
export const Food = z.object({
  _id: z.string(),
  FoodName: z.string(),
  FoodImage: z.string(),
  FoodQuantity: z.number().int(),
  PickupLocation: z.string(),
  ExpiredDateTime: z.string(),
  AdditionalNotes: z.string(),
  Donator,
});
export type Food = z.infer<typeof Food>;

const flag = z.enum(['true', 'false']).transform((v) => v === 'true');

/**
 * Query of `GET /foods` (SPEC.md §7): `sortByQuantity=true&limit=6` (featured),
 * `sortByDate=acc|dec[&search=text]` (available list, default `dec`),
 * `email=me@example.org` (the signed-in donor's own listings). Unknown
 * parameters are ignored.
 */
export const FoodsQuery = z.object({
  sortByQuantity: flag.optional(),
  sortByDate: z.enum(['acc', 'dec']).optional(),
  search: z.string().max(LIMITS.search).refine(...noNul).optional(),
  email: z.string().trim().max(254).optional(),
  limit: z.coerce.number().int().min(1).max(LIMITS.listMax).optional(),
});
export type FoodsQuery = z.input<typeof FoodsQuery>;
