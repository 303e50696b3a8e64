/**
 * A listing's category, diet tags and allergens (docs/api.md "Categories, diets and
 * allergens"; allergens of Regulation (EU) No 1169/2011 Annex II): the columns a write
 * stores, the rule that prepared meals state their allergens, the answer fields, and
 * the list filters, each served by an index of `foods` (db/schema/foods.ts).
 */
import { sql, type SQL } from 'drizzle-orm';
import {
  ALLERGENS,
  ALLERGENS_REQUIRED_IN,
  DEFAULT_CATEGORY,
  DIETS,
  allergenFree,
  type Allergen,
  type AllergenFacts,
  type Category,
  type Diet,
  type Food,
} from '../../contract/index.js';
import { foods } from '../db/schema/index.js';
import { problem } from '../http/problem.js';

type FoodRow = typeof foods.$inferSelect;

/** The fact fields of a food body after parsing; undefined: absent. */
export interface FactFields {
  Category?: Category;
  Diet?: Diet[];
  Allergens?: { Contains?: Allergen[]; MayContain?: Allergen[] } | 'Unknown' | null;
}

/** The fact columns of `foods`. */
export type FactColumns = Pick<FoodRow, 'category' | 'diet' | 'allergens' | 'allergenFree'>;

const inOrder = <T extends string>(order: readonly T[], values: readonly T[]) => order.filter((v) => values.includes(v));

/** `Allergens` of a body in the stored form: lists in Annex II order (so equal facts compare equal). */
function normalAllergens(a: FactFields['Allergens']): AllergenFacts | undefined {
  if (a === undefined || a === null || a === 'Unknown') return a;
  return { Contains: inOrder(ALLERGENS, a.Contains ?? []), MayContain: inOrder(ALLERGENS, a.MayContain ?? []) };
}

/**
 * The fact columns to write for body `input`: for a new listing (`row` undefined) absent
 * fields are `Other`, no diet and not stated; for an update absent fields keep `row`'s.
 * @throws 400 naming `Allergens` when the listing would be a prepared meal without stated
 * allergens (neither a list nor `Unknown`).
 */
export function factColumns(input: FactFields, row?: FactColumns): FactColumns {
  const category = input.Category ?? row?.category ?? DEFAULT_CATEGORY;
  const diet = input.Diet === undefined ? (row?.diet ?? []) : inOrder(DIETS, input.Diet);
  const given = normalAllergens(input.Allergens);
  const allergens = given === undefined ? (row?.allergens ?? null) : given;
  if (ALLERGENS_REQUIRED_IN.includes(category) && allergens === null) {
    // Coded like the validator's own field errors (docs/api.md "Errors").
    throw problem(400, 'A prepared meal must state its allergens, or say they are unknown.', {
      code: 'validation_failed',
      errors: [{ field: 'Allergens', message: 'is required for PreparedMeals: list them, or send "Unknown"', code: 'custom' }],
    });
  }
  return { category, diet, allergens, allergenFree: allergenFree(allergens) };
}

/** True when `a` and `b` hold the same facts. */
export function sameFacts(a: FactColumns, b: FactColumns): boolean {
  return a.category === b.category && JSON.stringify(a.diet) === JSON.stringify(b.diet) && JSON.stringify(normalAllergens(a.allergens)) === JSON.stringify(normalAllergens(b.allergens));
}

/** The fact fields of a food answer: `Other`, `[]` and null for a listing that never said. */
export function factAnswer(row: FactColumns): Pick<Food, 'Category' | 'Diet' | 'Allergens'> {
  return { Category: row.category, Diet: row.diet, Allergens: normalAllergens(row.allergens) ?? null };
}

/** The fact filters of a list query (see {@link factConditions}). */
export interface FactFilter {
  categories?: Category[];
  diets?: Diet[];
  withoutAllergens?: Allergen[];
}

/** Which fact filters a list query has (part of its prepared statement's shape). */
export function factShape(f: FactFilter | undefined): { category: boolean; diet: boolean; without: boolean } {
  return { category: Boolean(f?.categories?.length), diet: Boolean(f?.diets?.length), without: Boolean(f?.withoutAllergens?.length) };
}

/** Placeholder values of the fact filters, as `{a,b}` text arrays. */
export function factValues(f: FactFilter | undefined): Record<string, unknown> {
  const arr = (v?: string[]) => (v?.length ? `{${v.join(',')}}` : undefined);
  return { categories: arr(f?.categories), diets: arr(f?.diets), withoutAllergens: arr(f?.withoutAllergens) };
}

/**
 * WHERE conditions of the fact filters (placeholders `categories`, `diets`,
 * `withoutAllergens`, text arrays): the category is one of them (btree
 * `foods_listed_category_idx`), the diet holds all of them and the allergen-free set all
 * the avoided ones (GIN `foods_listed_diet_idx`, `foods_listed_allergen_free_idx`).
 */
export function factConditions(s: ReturnType<typeof factShape>): SQL[] {
  const where: SQL[] = [];
  if (s.category) where.push(sql`${foods.category} = any(${sql.placeholder('categories')}::text[])`);
  if (s.diet) where.push(sql`${foods.diet} @> ${sql.placeholder('diets')}::text[]`);
  if (s.without) where.push(sql`${foods.allergenFree} @> ${sql.placeholder('withoutAllergens')}::text[]`);
  return where;
}
