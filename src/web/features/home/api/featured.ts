import type { Food } from '../../../../contract/index.js';
import { apiFetch, apiUrl } from '../../../lib/http.js';
import { foodKeys } from '../../foods/api/keys.js';
import { useLightQuery, type LightQueryResult } from '../../../lib/lightQuery.js';

/**
 * Featured foods: `GET /foods?sortByQuantity=true&limit=6` (SPEC.md §9). The home
 * page's only read, so it uses the light hook instead of TanStack Query to keep
 * the home page's initial JS within budget (DESIGN.md "Weight budget").
 */
export function useFeaturedFoods(): LightQueryResult<Food[]> {
  return useLightQuery(foodKeys.featured().join('/'), (signal) =>
    apiFetch<Food[]>(apiUrl('/foods', { sortByQuantity: true, limit: 6 }), { signal }),
  );
}
