/** The signed-in person's own impact figures: `GET /impact/me`, keyed by their email. */
import { useQuery } from '@tanstack/react-query';
import type { Impact } from '../../../../contract/index.js';
import { apiFetch, apiUrl } from '../../../lib/http.js';

/** `GET /impact/me` as a TanStack query; disabled without `email`. */
export function useMyImpact(email: string | undefined) {
  return useQuery({
    queryKey: ['impact', 'me', email ?? ''],
    queryFn: ({ signal }) => apiFetch<Impact>(apiUrl('/impact/me'), { signal }),
    enabled: Boolean(email),
  });
}
