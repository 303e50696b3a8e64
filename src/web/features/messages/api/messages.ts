/** The conversation of a request: `/requests/{requestId}/messages` as TanStack Query hooks. */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Conversation, InsertResult, Message } from '../../../../contract/index.js';
import { apiFetch, apiUrl } from '../../../lib/http.js';

/** Query keys of conversations. */
export const messageKeys = {
  all: ['messages'] as const,
  forRequest: (requestId: string) => [...messageKeys.all, requestId] as const,
  about: (requestId: string) => [...messageKeys.all, requestId, 'about'] as const,
};

const path = (requestId: string) => `/requests/${encodeURIComponent(requestId)}/messages`;

/** The messages of one request, oldest first. */
export function useMessages(requestId: string) {
  return useQuery({
    queryKey: messageKeys.forRequest(requestId),
    queryFn: ({ signal }) => apiFetch<Message[]>(apiUrl(path(requestId)), { signal }),
  });
}

/** What the conversation is about: the food, its status and the other person. */
export function useConversation(requestId: string) {
  return useQuery({
    queryKey: messageKeys.about(requestId),
    queryFn: ({ signal }) => apiFetch<Conversation>(apiUrl(`/requests/${encodeURIComponent(requestId)}/conversation`), { signal }),
  });
}

/** Sends a message: `POST /requests/{requestId}/messages` with `{Body}`. */
export function useSendMessage(requestId: string) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (Body: string) => apiFetch<InsertResult>(apiUrl(path(requestId)), { method: 'POST', body: { Body } }),
    onSuccess: () => qc.invalidateQueries({ queryKey: messageKeys.forRequest(requestId) }),
  });
}
