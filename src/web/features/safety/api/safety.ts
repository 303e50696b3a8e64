/**
 * Trust and safety calls as TanStack Query hooks: reports, blocks, a
 * person's standing, feedback after a hand-over, and the moderators' queue,
 * actions and log. Keys in `safetyKeys`; pages never build a URL by hand.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useFirstPaintDone } from '../../../lib/useFirstPaint.js';
import type {
  BlockedPerson,
  DeleteResult,
  FeedbackInput,
  FeedbackState,
  InsertResult,
  ModerationActionInput,
  ModerationGroup,
  ModerationLogEntry,
  PersonStanding,
  ReportInput,
  UpdateResult,
} from '../../../../contract/index.js';
import { apiFetch, apiUrl } from '../../../lib/http.js';

/** Query keys of this feature. */
export const safetyKeys = {
  blocks: ['blocks'] as const,
  person: (id: string) => ['people', id] as const,
  feedback: (requestId: string) => ['feedback', requestId] as const,
  queue: ['moderation', 'reports'] as const,
  log: ['moderation', 'log'] as const,
};

/** Files a report: `POST /reports`. */
export function useReport() {
  return useMutation({ mutationFn: (input: ReportInput) => apiFetch<InsertResult>(apiUrl('/reports'), { method: 'POST', body: input }) });
}

/** The people the user blocked: `GET /blocks`; idle while `enabled` is false (signed out). */
export function useBlocked(enabled = true) {
  return useQuery({ queryKey: safetyKeys.blocks, queryFn: ({ signal }) => apiFetch<BlockedPerson[]>(apiUrl('/blocks'), { signal }), enabled });
}

/** Blocks a person: `POST /blocks`; every list is read again (their listings leave it). */
export function useBlock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (UserId: string) => apiFetch<InsertResult>(apiUrl('/blocks'), { method: 'POST', body: { UserId } }),
    onSuccess: () => qc.invalidateQueries(),
  });
}

/** Unblocks a person: `DELETE /blocks/{userId}`. */
export function useUnblock() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => apiFetch<DeleteResult>(apiUrl(`/blocks/${encodeURIComponent(userId)}`), { method: 'DELETE' }),
    onSuccess: () => qc.invalidateQueries(),
  });
}

/** A person's public standing: `GET /people/{userId}`, asked for after the app's first paint (lib/firstPaint.ts). */
export function usePersonStanding(userId: string | undefined) {
  const painted = useFirstPaintDone();
  return useQuery({
    queryKey: safetyKeys.person(userId ?? ''),
    queryFn: ({ signal }) => apiFetch<PersonStanding>(apiUrl(`/people/${encodeURIComponent(userId ?? '')}`), { signal }),
    enabled: Boolean(userId) && painted,
  });
}

/** Whether the user may still leave feedback on a request: `GET /requests/{id}/feedback`. */
export function useFeedbackState(requestId: string) {
  return useQuery({
    queryKey: safetyKeys.feedback(requestId),
    queryFn: ({ signal }) => apiFetch<FeedbackState>(apiUrl(`/requests/${encodeURIComponent(requestId)}/feedback`), { signal }),
  });
}

/** Leaves feedback: `POST /requests/{id}/feedback`. */
export function useGiveFeedback(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: FeedbackInput) =>
      apiFetch<InsertResult>(apiUrl(`/requests/${encodeURIComponent(requestId)}/feedback`), { method: 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: safetyKeys.feedback(requestId) }),
  });
}

/** Open reports grouped by target (moderators; 404 for everyone else): `GET /moderation/reports`. */
export function useModerationQueue() {
  return useQuery({
    queryKey: safetyKeys.queue,
    queryFn: ({ signal }) => apiFetch<ModerationGroup[]>(apiUrl('/moderation/reports'), { signal }),
    retry: false,
  });
}

/** The audit log (moderators): `GET /moderation/log`. */
export function useModerationLog() {
  return useQuery({
    queryKey: safetyKeys.log,
    queryFn: ({ signal }) => apiFetch<ModerationLogEntry[]>(apiUrl('/moderation/log'), { signal }),
    retry: false,
  });
}

/** A moderator action: `POST /moderation/actions`; the queue and the log are read again. */
export function useModerationAction() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (input: ModerationActionInput) => apiFetch<UpdateResult>(apiUrl('/moderation/actions'), { method: 'POST', body: input }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['moderation'] }),
  });
}
