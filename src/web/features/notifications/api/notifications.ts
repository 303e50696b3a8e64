/**
 * Notification and email-preference calls of issue 11 as TanStack Query hooks
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

/** The three email switches: `GET /email-preferences`. */
export function useEmailPreferences() {
  return useQuery({
    queryKey: notificationKeys.preferences(),
    queryFn: ({ signal }) => apiFetch<EmailPreferences>(apiUrl('/email-preferences'), { signal }),
  });
}

/** Saves the switches: `PUT /email-preferences`. */
export function useSaveEmailPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (prefs: EmailPreferences) => apiFetch<UpdateResult>(apiUrl('/email-preferences'), { method: 'PUT', body: prefs }),
    onSuccess: (_r, prefs) => qc.setQueryData(notificationKeys.preferences(), prefs),
  });
}

/** The push switches per kind (issue 20): `GET /push-preferences`. */
export function usePushPreferences() {
  return useQuery({
    queryKey: notificationKeys.pushPreferences(),
    queryFn: ({ signal }) => apiFetch<PushPreferences>(apiUrl('/push-preferences'), { signal }),
  });
}

/** Saves the push switches: `PUT /push-preferences`. */
export function useSavePushPreferences() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (prefs: PushPreferences) => apiFetch<UpdateResult>(apiUrl('/push-preferences'), { method: 'PUT', body: prefs }),
    onSuccess: (_r, prefs) => qc.setQueryData(notificationKeys.pushPreferences(), prefs),
  });
}
