/**
 * Query keys of the food reads (STYLE.md "Queries have keys in one place", TanStack
 * Query's key factories). Free of TanStack imports, so the home page can use them.
 */
import type { Allergen, Category, Diet } from '../../../../contract/taxonomy.js';

/** Sort order of the available-foods list by expiry date (SPEC.md §2: default descending). */
export type DateSort = 'acc' | 'dec';

/** A radius search around a point, optionally nearest first. */
export interface NearSearch {
  lat: number;
  lng: number;
  radiusKm: number;
  byDistance: boolean;
}

/** The category, diet and allergen filters of the available list (empty lists: no filter). */
export interface FactsSearch {
  categories: Category[];
  diets: Diet[];
  without: Allergen[];
}

/** Query keys of food listings. */
export const foodKeys = {
  all: ['foods'] as const,
  featured: () => [...foodKeys.all, 'featured'] as const,
  available: (sort: DateSort, search: string, near?: NearSearch, facts?: FactsSearch) => [...foodKeys.all, 'available', { sort, search, near, facts }] as const,
  detail: (id: string) => [...foodKeys.all, 'detail', id] as const,
  similar: (word: string) => [...foodKeys.all, 'similar', word] as const,
  mine: (email: string) => [...foodKeys.all, 'mine', email] as const,
};
