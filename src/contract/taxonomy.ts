/**
 * What a listing is and what is in it (docs/api.md "Categories, diets and allergens"),
 * free of zod so the web client can import it: the fixed category taxonomy, the diet
 * tags, and the 14 allergens of Regulation (EU) No 1169/2011 Annex II.
 */

/** A listing's one category; `Other` for listings that never named one. */
export const CATEGORIES = ['Bakery', 'FruitVeg', 'DairyEggs', 'MeatFish', 'PreparedMeals', 'Pantry', 'Drinks', 'BabyFood', 'PetFood', 'Other'] as const;
export type Category = (typeof CATEGORIES)[number];

/** The category a listing has when its body names none (every listing made before categories). */
export const DEFAULT_CATEGORY: Category = 'Other';

/** A category whose listings must state their allergens (a list, or `Unknown`): cooked food of unknown make-up. */
export const ALLERGENS_REQUIRED_IN: readonly Category[] = ['PreparedMeals'];

/** Optional diet tags of a listing. */
export const DIETS = ['Vegetarian', 'Vegan', 'Halal', 'Kosher', 'GlutenFree'] as const;
export type Diet = (typeof DIETS)[number];

/**
 * The 14 allergens of Regulation (EU) No 1169/2011 Annex II, in its order:
 * cereals containing gluten, crustaceans, eggs, fish, peanuts, soybeans, milk,
 * tree nuts, celery, mustard, sesame, sulphur dioxide and sulphites, lupin, molluscs.
 */
export const ALLERGENS = ['Gluten', 'Crustaceans', 'Eggs', 'Fish', 'Peanuts', 'Soybeans', 'Milk', 'Nuts', 'Celery', 'Mustard', 'Sesame', 'Sulphites', 'Lupin', 'Molluscs'] as const;
export type Allergen = (typeof ALLERGENS)[number];

/** What a donor says of a listing's allergens: the lists, or `'Unknown'` (said explicitly); null: not stated. */
export type AllergenFacts = { Contains: Allergen[]; MayContain: Allergen[] } | 'Unknown' | null;

/**
 * The allergens a listing is known to be free of: every Annex II allergen in neither
 * list; none when its allergens are `Unknown` or not stated. `withoutAllergens=` asks
 * for listings free of all it names.
 */
export function allergenFree(facts: AllergenFacts): Allergen[] {
  if (facts === null || facts === 'Unknown') return [];
  const present = new Set<string>([...facts.Contains, ...facts.MayContain]);
  return ALLERGENS.filter((a) => !present.has(a));
}
