/**
 * Paginated lists of the API (docs/api.md "Pagination": the answer is the
 * array and the next page's cursor comes in `X-Next-Cursor`). Kept apart from
 * `http.ts` so that only the pages with paginated lists load it.
 */
import { apiCall, type ApiOptions } from './http.js';

/** One page of a paginated list: its rows and the cursor of the next page, if any. */
export interface ApiPage<T> {
  rows: T[];
  nextCursor: string | undefined;
}

/**
 * Like `apiFetch` for a paginated list (`GET /foods?limit=…[&cursor=…]`):
 * the answer is the array and the next page's cursor comes in `X-Next-Cursor`.
 */
export async function apiFetchPage<T>(url: string, options: ApiOptions = {}): Promise<ApiPage<T>> {
  const { data, headers } = await apiCall<T[]>(url, options);
  return { rows: data, nextCursor: headers.get('x-next-cursor') ?? undefined };
}
