/**
 * Alerts (saved searches) as TanStack Query hooks: `GET`, `POST`, `PUT` and `DELETE
 * /alerts` (docs/api.md "Alerts"). Keys in `alertKeys`; pages never build a URL by hand.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Alert, AlertInput, AlertUpdate, DeleteResult, InsertResult, UpdateResult } from '../../../../contract/index.js';
import { apiFetch, apiUrl } from '../../../lib/http.js';

/** Query keys of this feature. */
export const alertKeys = { all: ['alerts'] as const };

/** The signed-in person's alerts, newest first; idle while `enabled` is false. */
export function useAlerts(enabled = true) {
  return useQuery({ queryKey: alertKeys.all, queryFn: ({ signal }) => apiFetch<Alert[]>(apiUrl('/alerts'), { signal }), enabled });
}

/** Saves a search as an alert: `POST /alerts`. */
export function useSaveAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: AlertInput) => apiFetch<InsertResult>(apiUrl('/alerts'), { method: 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

/** Changes an alert (pause, resume, its push and mail): `PUT /alerts/{id}`. */
export function useUpdateAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ...input }: AlertUpdate & { id: string }) =>
      apiFetch<UpdateResult>(apiUrl(`/alerts/${encodeURIComponent(id)}`), { method: 'PUT', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.all }),
  });
}

/** Deletes an alert: `DELETE /alerts/{id}`. */
export function useDeleteAlert() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => apiFetch<DeleteResult>(apiUrl(`/alerts/${encodeURIComponent(id)}`), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries({ queryKey: alertKeys.all }),
  });
}
