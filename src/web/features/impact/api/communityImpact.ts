/**
 * The community's impact figures, `GET /impact`, with the light hook, as
 * the home page must not load TanStack Query (DESIGN.md "Weight budget").
 */
import type { Impact } from '../../../../contract/index.js';
import { apiFetch, apiUrl } from '../../../lib/http.js';
import { useLightQuery, type LightQueryResult } from '../../../lib/lightQuery.js';

/** The community's figures. */
export function useImpact(): LightQueryResult<Impact> {
  return useLightQuery('impact', (signal) => apiFetch<Impact>(apiUrl('/impact'), { signal }));
}
