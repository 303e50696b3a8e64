/**
 * The food calls of SPEC.md §7 as TanStack Query hooks (`/foods`), with keys from
 * `./keys.ts` (STYLE.md "Queries have keys in one place"). Pages never build
 * a URL or a key by hand. Errors follow the global policy of `lib/apiErrors.ts`; the
 * hooks need the `QueryBoundary` above them.
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeleteResult, Food, FoodInput, InsertResult, RecurringOffer, UpdateResult } from '../../../../contract/index.js';
import { apiFetch, apiUrl } from '../../../lib/http.js';
import { apiFetchPage } from '../../../lib/pagination.js';
import { requestKeys } from '../../requests/api/keys.js';
import { embeddedFood } from './embedded.js';
import { useFirstPaintDone } from '../../../lib/useFirstPaint.js';
import { foodKeys, type DateSort, type FactsSearch, type NearSearch, type PickupSearch } from './keys.js';

/** Rows per page of the available-foods list (24 at a time). */
export const AVAILABLE_PAGE_SIZE = 24;

/**
 * Available foods sorted by expiry date, optionally filtered by name, a page of
 * {@link AVAILABLE_PAGE_SIZE} at a time:
 * `GET /foods?sortByDate=…[&search=…]&limit=24[&cursor=…]`, the next cursor read from `X-Next-Cursor`;
 * with `near` also `&near=lat,lng&radiusKm=…[&sortByDistance=true]`; with `pickup` also
 * `&pickupFrom=…&pickupUntil=…` (listings with a pickup window in that interval).
 * `facts` adds `&category=…&diet=…&withoutAllergens=…` for the lists it holds.
 * `enabled: false` holds the read back (while the home area that sets `near` loads).
 */
export function useAvailableFoods(
  sort: DateSort,
  search: string,
  near?: NearSearch,
  { enabled = true, facts, pickup }: { enabled?: boolean; facts?: FactsSearch; pickup?: PickupSearch } = {},
) {
  const list = (values: string[] | undefined) => (values?.length ? values.join(',') : undefined);
  return useInfiniteQuery({
    enabled,
    queryKey: foodKeys.available(sort, search, near, facts, pickup),
    queryFn: ({ signal, pageParam }) =>
      apiFetchPage<Food>(
        apiUrl('/foods', {
          sortByDate: sort,
          search: search || undefined,
          near: near && `${near.lat.toFixed(5)},${near.lng.toFixed(5)}`,
          radiusKm: near?.radiusKm,
          sortByDistance: near?.byDistance || undefined,
          pickupFrom: pickup?.from,
          pickupUntil: pickup?.until,
          category: list(facts?.categories),
          diet: list(facts?.diets),
          withoutAllergens: list(facts?.without),
          limit: AVAILABLE_PAGE_SIZE,
          cursor: pageParam,
        }),
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/**
 * One food: `GET /foods/{id}`; shown at once from the page's embedded JSON when the server wrote it, and then
 * asked for afresh once the app's first paint is past (lib/firstPaint.ts): the signed-in view, and any change since.
 */
export function useFood(id: string | undefined) {
  const painted = useFirstPaintDone();
  return useQuery({
    queryKey: foodKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiFetch<Food>(apiUrl(`/foods/${encodeURIComponent(id ?? '')}`), { signal }),
    initialData: () => embeddedFood(id),
    initialDataUpdatedAt: 0,
    enabled: Boolean(id) && (painted || !embeddedFood(id)),
  });
}

/**
 * Up to three available foods like a closed listing (the tombstone page):
 * `GET /foods?sortByDate=dec&search={word}&limit=4`, where `word` is the longest word
 * of its name (the search needs 3 letters); `food` itself is left out.
 */
export function useSimilarFoods(food: Food | undefined) {
  const word = food?.FoodName.split(/[^\p{L}\p{N}]+/u).sort((a, b) => b.length - a.length)[0] ?? '';
  return useQuery({
    queryKey: foodKeys.similar(word),
    queryFn: ({ signal }) => apiFetch<Food[]>(apiUrl('/foods', { sortByDate: 'dec', search: word, limit: 4 }), { signal }),
    enabled: word.length >= 3,
    select: (foods) => foods.filter((f) => f._id !== food?._id).slice(0, 3),
  });
}

/** The signed-in donor's own foods: `GET /foods?email={email}`. */
export function useMyFoods(email: string | undefined) {
  return useQuery({
    queryKey: foodKeys.mine(email ?? ''),
    queryFn: ({ signal }) => apiFetch<Food[]>(apiUrl('/foods', { email }), { signal }),
    enabled: Boolean(email),
  });
}

/** Adds a food: `POST /foods` → `{insertedId}`. */
export function useAddFood() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: FoodInput) => apiFetch<InsertResult>(apiUrl('/foods'), { method: 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: foodKeys.all }),
  });
}

/** Updates a food: `PUT /foods/{id}` → `{modifiedCount}`. */
export function useUpdateFood() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, input }: { id: string; input: FoodInput }) =>
      apiFetch<UpdateResult>(apiUrl(`/foods/${encodeURIComponent(id)}`), { method: 'PUT', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: foodKeys.all }),
  });
}

/** Deletes a food: `DELETE /foods/{id}` → `{deletedCount}`. Its requests go with it. */
export function useDeleteFood() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<DeleteResult>(apiUrl(`/foods/${encodeURIComponent(id)}`), { method: 'DELETE' }),
    onSuccess: () =>
      Promise.all([
        qc.invalidateQueries({ queryKey: foodKeys.all }),
        qc.invalidateQueries({ queryKey: requestKeys.all }),
      ]),
  });
}

/** The signed-in donor's recurring offers: `GET /recurring-offers`. */
export function useRecurringOffers(enabled: boolean) {
  return useQuery({
    queryKey: [...foodKeys.all, 'recurring-offers'] as const,
    queryFn: ({ signal }) => apiFetch<RecurringOffer[]>(apiUrl('/recurring-offers'), { signal }),
    enabled,
  });
}

/** Changes a recurring offer's days and end: `PATCH /recurring-offers/{id}` → `{modifiedCount}`. */
export function useChangeRecurringOffer() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: { Weekdays: number[]; Until: string | null } }) =>
      apiFetch<UpdateResult>(apiUrl(`/recurring-offers/${encodeURIComponent(id)}`), { method: 'PATCH', body: change }),
    onSuccess: () => qc.invalidateQueries({ queryKey: foodKeys.all }),
  });
}
