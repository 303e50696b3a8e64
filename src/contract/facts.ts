/**
 * The category, diet and allergen fields of food bodies, answers and `GET /foods`
 * (docs/api.md "Categories, diets and allergens"); the lists are in `taxonomy.ts`.
 */
import { z } from 'zod';
import { ALLERGENS, CATEGORIES, DIETS } from './taxonomy.js';

export * from './taxonomy.js';

const unique = <T extends z.ZodType<string>>(item: T) =>
  z.array(item).max(20).refine((a) => new Set(a).size === a.length, { error: 'must not repeat a value' });

/** `{Contains, MayContain}` (Annex II codes, each list without repeats, none in both), or `'Unknown'`. */
export const AllergensInput = z.union([
  z.literal('Unknown'),
  z
    .strictObject({ Contains: unique(z.enum(ALLERGENS)).default([]), MayContain: unique(z.enum(ALLERGENS)).default([]) })
    .refine((a) => !a.MayContain.some((x) => a.Contains.includes(x)), { error: 'must not name an allergen in both lists', path: ['MayContain'] }),
]);

/**
 * The fields of `POST /foods` and `PUT /foods/{id}`, all optional: on `POST` absent
 * means `Other`, no diet tags and allergens not stated; on `PUT` absent keeps the
 * listing's (clients of the spec do not know them), `Allergens: null` un-states them.
 * A `PreparedMeals` listing must state its allergens (the server answers a 400 naming `Allergens`).
 */
export const FACT_INPUT_FIELDS = {
  Category: z.enum(CATEGORIES).optional(),
  Diet: unique(z.enum(DIETS)).optional(),
  Allergens: AllergensInput.nullable().optional(),
};

/** The fields of every food answer: `Other`, `[]` and null for a listing that never said. */
export const FACT_ANSWER_FIELDS = {
  Category: z.enum(CATEGORIES),
  Diet: z.array(z.enum(DIETS)),
  Allergens: z.union([z.literal('Unknown'), z.object({ Contains: z.array(z.enum(ALLERGENS)), MayContain: z.array(z.enum(ALLERGENS)) })]).nullable(),
};

/** A comma-separated query list of `values` (`Bakery,Drinks`): parsed to its distinct members; an unknown one is a 400. */
const commaList = <T extends readonly [string, ...string[]]>(values: T) =>
  z
    .string()
    .max(400)
    .transform((v) => [...new Set(v.split(',').map((s) => s.trim()).filter(Boolean))])
    .pipe(z.array(z.enum(values, { error: `must be a comma-separated list of ${values.join(', ')}` })));

/**
 * Filters of `GET /foods`: `category` (any of them), `diet` (all of them),
 * `withoutAllergens` (known to be free of all of them: neither contains nor may contain
 * them, so listings with `Unknown` or unstated allergens are left out).
 */
export const FACT_QUERY_FIELDS = {
  category: commaList(CATEGORIES).optional(),
  diet: commaList(DIETS).optional(),
  withoutAllergens: commaList(ALLERGENS).optional(),
};
