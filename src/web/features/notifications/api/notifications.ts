/**
 * Notification and email-preference calls as TanStack Query hooks
 * (`/notifications`, `/email-preferences`), with keys from `./keys.ts`.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EmailPreferences, MarkReadInput, Notification, PushPreferences, UnreadCount, UpdateResult } from '../../../../contract/index.js';
import { apiFetch, apiUrl } from '../../../lib/http.js';
import { notificationKeys } from './keys.js';

/** The newest 100 notifications: `GET /notifications?limit=100`. */
export function useNotifications() {
  return useQuery({
    queryKey: notificationKeys.list(),
    queryFn: ({ signal }) => apiFetch<Notification[]>(apiUrl('/notifications', { limit: 100 }), { signal }),
  });
}

/** The unread count: `GET /notifications/unread-count`; the live stream keeps it current. */
export function useUnreadCount() {
  return useQuery({
    queryKey: notificationKeys.unread(),
    queryFn: ({ signal }) => apiFetch<UnreadCount>(apiUrl('/notifications/unread-count'), { signal }),
  });
}

/** Marks some or all read: `POST /notifications/read`. */
export function useMarkRead() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: MarkReadInput) => apiFetch<{ modifiedCount: number }>(apiUrl('/notifications/read'), { method: 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

/**
 * A preference resource of three switches per notification kind: `GET` it (`query`)
 * and `PUT` it (`save`, which writes the saved value into the cache).
 */
function usePreferences<P>(path: string, queryKey: readonly unknown[]) {
  const qc = useQueryClient();
  const query = useQuery({ queryKey, queryFn: ({ signal }) => apiFetch<P>(apiUrl(path), { signal }) });
  const save = useMutation({
    mutationFn: (prefs: P) => apiFetch<UpdateResult>(apiUrl(path), { method: 'PUT', body: prefs }),
    onSuccess: (_r, prefs) => qc.setQueryData(queryKey, prefs),
  });
  return { query, save };
}

/** The email switches: `GET /email-preferences`, saved with `PUT /email-preferences`. */
export function useEmailPreferences() {
  return usePreferences<EmailPreferences>('/email-preferences', notificationKeys.preferences());
}

/** The push switches per kind: `GET /push-preferences`, saved with `PUT /push-preferences`. */
export function usePushPreferences() {
  return usePreferences<PushPreferences>('/push-preferences', notificationKeys.pushPreferences());
}
