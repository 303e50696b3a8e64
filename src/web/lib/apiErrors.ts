/**
 * The global error policy of SPEC.md §8, shared by the query cache and the home
 * page's light query: 401 → sign out locally and go to /login (remembering the
 * path); 403 → go to /; every error is logged; failed user actions also show the
 * problem in an error toast (its `detail`, or its code's text in another language: lib/problemText.ts).
 */
import { navigate } from 'wouter/use-browser-location';
import { unauthorized } from './sessionEvents.js';
import { toastFailure } from './toast.js';
import { ApiError } from './http.js';

/** True for failures worth retrying: network errors, 5xx, 408 and 429. A 4xx answer would not change. */
export function isRetryable(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  // Offline, a retry cannot succeed: say so at once rather than spin.
  if (error.status === 0) return navigator.onLine;
  return error.status >= 500 || error.status === 408 || error.status === 429;
}

/** Applies SPEC.md §8 to a failed read (`userAction` false) or a failed user action (`userAction` true). */
export function handleApiError(error: unknown, userAction: boolean): void {
  console.error(error);
  if (!(error instanceof ApiError)) return;
  if (userAction) toastFailure(error);
  if (error.status === 401) {
    unauthorized.emit();
    const here = window.location.pathname;
    if (here !== '/login') navigate('/login', { replace: true, state: { from: here } });
  } else if (error.status === 403) {
    navigate('/', { replace: true });
  }
}
