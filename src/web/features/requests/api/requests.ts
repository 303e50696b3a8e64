/**
 * The request calls of SPEC.md §7 as TanStack Query hooks (`/requests`), with keys
 * from `./keys.ts`. Errors follow the global policy of `lib/apiErrors.ts`;
 * the hooks need the `QueryBoundary` above them.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { DeleteResult, FoodRequest, InsertResult, RequestInput, RequestStatusInput, UpdateResult } from '../../../../contract/index.js';
import { isOpenRequestStatus } from '../../../../contract/limits.js';
import { apiFetch, apiUrl } from '../../../lib/http.js';
import { foodKeys } from '../../foods/api/keys.js';
import { requestKeys } from './keys.js';

/** Requests for one of the donor's foods: `GET /requests/{foodId}`. */
export function useFoodRequests(foodId: string | undefined) {
  return useQuery({
    queryKey: requestKeys.forFood(foodId ?? ''),
    queryFn: ({ signal }) =>
      apiFetch<FoodRequest[]>(apiUrl(`/requests/${encodeURIComponent(foodId ?? '')}`), { signal }),
    enabled: Boolean(foodId),
  });
}

/** The signed-in user's own requests: `GET /requests?email={email}`. */
export function useMyRequests(email: string | undefined) {
  return useQuery({
    queryKey: requestKeys.mine(email ?? ''),
    queryFn: ({ signal }) => apiFetch<FoodRequest[]>(apiUrl('/requests', { email }), { signal }),
    enabled: Boolean(email),
  });
}

/** Requests a food: `POST /requests` with the spec's request object → `{insertedId}`. */
export function useRequestFood() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestInput) =>
      apiFetch<InsertResult>(apiUrl('/requests'), { method: 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

/** Marks a request delivered: `PATCH /requests/{id}` with `{Status:'Delivered'}` → `{modifiedCount}`. */
export function useMarkDelivered() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<UpdateResult>(apiUrl(`/requests/${encodeURIComponent(id)}`), {
        method: 'PATCH',
        body: { Status: 'Delivered' },
      }),
    // The listing may be collected now.
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: requestKeys.all }), qc.invalidateQueries({ queryKey: foodKeys.all })]),
  });
}

/**
 * Changes a request's status as its food's donor: `PATCH /requests/{id}` with
 * `{Status:'Accepted', PickupAt?, Note?}`, `{Status:'Declined', Reason?}`, `{Status:'NoShow'}`
 * or `{Status:'Delivered', SomeLeft: true, FoodQuantity}` → `{modifiedCount}`. Each may
 * change the listing (Reserved, Available, a lower quantity), so foods are refetched too.
 */
export function useChangeRequestStatus() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, change }: { id: string; change: RequestStatusInput }) =>
      apiFetch<UpdateResult>(apiUrl(`/requests/${encodeURIComponent(id)}`), { method: 'PATCH', body: change }),
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: requestKeys.all }), qc.invalidateQueries({ queryKey: foodKeys.all })]),
  });
}

/** Marks an accepted request a no-show: `PATCH /requests/{id}` with `{Status:'NoShow'}` → `{modifiedCount}`. */
export function useMarkNoShow() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<UpdateResult>(apiUrl(`/requests/${encodeURIComponent(id)}`), { method: 'PATCH', body: { Status: 'NoShow' } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

/** Cancels (deletes) a pending request: `DELETE /requests/{id}` → `{deletedCount}`. */
export function useCancelRequest() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      apiFetch<DeleteResult>(apiUrl(`/requests/${encodeURIComponent(id)}`), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: requestKeys.all }),
  });
}

/**
 * The viewer's own request on `foodId` among `requests` (their `GET /requests?email=` list):
 * an open one (Pending or Accepted) first, else the latest; undefined when they never asked.
 */
export function pickMyRequest(requests: FoodRequest[] | undefined, foodId: string): FoodRequest | undefined {
  const mine = (requests ?? []).filter((r) => r.FoodId === foodId);
  return mine.find((r) => isOpenRequestStatus(r.Status)) ?? mine.sort((a, b) => b.RequestDate.localeCompare(a.RequestDate))[0];
}

/** The signed-in viewer's own request on `foodId` (see {@link pickMyRequest}); undefined signed out or while loading. */
export function useMyRequestFor(email: string | undefined, foodId: string): FoodRequest | undefined {
  return pickMyRequest(useMyRequests(email).data, foodId);
}
