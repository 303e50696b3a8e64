/**
 * Wanted posts as TanStack Query hooks (docs/api.md "Wanted posts"): the open list near a
 * point, paged; one post; post, delete, and answer with a listing. Keys in `wantedKeys`;
 * pages never build a URL or a key by hand. Failures go through the global policy
 * (lib/apiErrors.ts: a toast in the person's language).
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeleteResult, InsertResult, Wanted, WantedInput } from '../../../../contract/index.js';
import { apiFetch, apiUrl } from '../../../lib/http.js';
import { apiFetchPage } from '../../../lib/pagination.js';

/** Rows per page of the Wanted list. */
export const WANTED_PAGE_SIZE = 20;

/** A radius search around a point. */
export interface WantedNear {
  lat: number;
  lng: number;
  radiusKm: number;
}

/** Query keys of this feature. */
export const wantedKeys = {
  all: ['wanted'] as const,
  list: (near?: WantedNear) => [...wantedKeys.all, 'list', near ?? null] as const,
  detail: (id: string) => [...wantedKeys.all, 'detail', id] as const,
  mine: (userId: string) => [...wantedKeys.all, 'mine', userId] as const,
};

/**
 * The open posts, newest first, {@link WANTED_PAGE_SIZE} at a time:
 * `GET /wanted?limit=…[&near=lat,lng&radiusKm=…][&cursor=…]`, the next cursor from `X-Next-Cursor`.
 * `enabled: false` holds the read back (while the home area that sets `near` loads).
 */
export function useWantedList(near: WantedNear | undefined, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: wantedKeys.list(near),
    queryFn: ({ signal, pageParam }) =>
      apiFetchPage<Wanted>(
        apiUrl('/wanted', {
          near: near && `${near.lat.toFixed(5)},${near.lng.toFixed(5)}`,
          radiusKm: near?.radiusKm,
          limit: WANTED_PAGE_SIZE,
          cursor: pageParam,
        }),
        { signal },
      ),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
    placeholderData: keepPreviousData,
  });
}

/** One post: `GET /wanted/{id}` (its place blurred for all but the poster). */
export function useWanted(id: string | undefined) {
  return useQuery({
    queryKey: wantedKeys.detail(id ?? ''),
    queryFn: ({ signal }) => apiFetch<Wanted>(apiUrl(`/wanted/${encodeURIComponent(id ?? '')}`), { signal }),
    enabled: Boolean(id),
  });
}

/**
 * The signed-in poster's own posts, newest first, expired and hidden ones too (the first
 * {@link WANTED_PAGE_SIZE}): `GET /wanted?mine=true`; idle while `userId` is undefined.
 */
export function useMyWanted(userId: string | undefined) {
  return useQuery({
    queryKey: wantedKeys.mine(userId ?? ''),
    queryFn: ({ signal }) => apiFetch<Wanted[]>(apiUrl('/wanted', { mine: true, limit: WANTED_PAGE_SIZE }), { signal }),
    enabled: Boolean(userId),
  });
}

/** Posts what the signed-in person needs: `POST /wanted` → `{insertedId}`. */
export function usePostWanted() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: WantedInput) => apiFetch<InsertResult>(apiUrl('/wanted'), { method: 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: wantedKeys.all }),
  });
}

/** Deletes a post (its poster or a moderator): `DELETE /wanted/{id}` → `{deletedCount}`. */
export function useDeleteWanted() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<DeleteResult>(apiUrl(`/wanted/${encodeURIComponent(id)}`), { method: 'DELETE' }),
    onSuccess: (_result, id) => {
      qc.removeQueries({ queryKey: wantedKeys.detail(id) });
      return qc.invalidateQueries({ queryKey: wantedKeys.all });
    },
  });
}

/**
 * Answers post `id` with the donor's listing `foodId`: `POST /wanted/{id}/answers`; 409 `own_wanted`,
 * `wanted_closed`, `food_unavailable` or `already_answered` otherwise.
 */
export function useAnswerWanted(id: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (foodId: string) =>
      apiFetch<InsertResult>(apiUrl(`/wanted/${encodeURIComponent(id)}/answers`), { method: 'POST', body: { FoodId: foodId } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: wantedKeys.all }),
  });
}
