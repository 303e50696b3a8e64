/**
 * The app's QueryClient. Retries and cache lifetime keep TanStack Query's
 * defaults, which are SPEC.md §9's (3 retries, backoff capped at 30 s, 5-minute
 * cache), except that answers a retry cannot change (4xx other than 408/429) are
 * not retried. Errors go to the global policy of `lib/apiErrors.ts` (SPEC.md §8).
 * Loaded with the first data page, never with the home page (DESIGN.md "Weight budget").
 */
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { userChanged } from '../lib/sessionEvents.js';
import { handleApiError, isRetryable } from '../lib/apiErrors.js';
import { foodKeys } from '../features/foods/api/keys.js';
import { requestKeys } from '../features/requests/api/keys.js';

/** The single QueryClient of the app. */
export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: (error) => handleApiError(error, false) }),
  mutationCache: new MutationCache({ onError: (error) => handleApiError(error, true) }),
  defaultOptions: {
    queries: {
      retry: (failureCount, error) => failureCount < 3 && isRetryable(error),
      // Offline, reads still run: they answer from the saved copy (lib/savedAnswers.ts) or fail plainly, never wait.
      networkMode: 'always',
    },
    mutations: { retry: false },
  },
});

userChanged.on((email) => {
  if (email) {
    // Listings carry donor emails only for signed-in users (DESIGN.md "The API").
    void queryClient.invalidateQueries({ queryKey: foodKeys.all });
  } else {
    // Another person may sign in next on this browser: drop per-user data.
    queryClient.removeQueries({ queryKey: [...foodKeys.all, 'mine'] });
    queryClient.removeQueries({ queryKey: requestKeys.all });
  }
});
