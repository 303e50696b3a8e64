/**
 * Push failures in words a person can act on. The browser's own messages ("Registration
 * failed - permission denied", "push service error") name its internals; our API's
 * problems (an `ApiError`, its `detail`) are already written for people and pass through.
 */
import { t } from '@lingui/core/macro';

/** What to tell the person when turning push `on` or off failed with `err`. */
export function pushFailureText(err: unknown, on: boolean): string {
  const name = err instanceof Error ? err.name : '';
  if (name === 'ApiError' && err instanceof Error && err.message) return err.message;
  if (name === 'NotAllowedError') {
    return t`Notifications are blocked for Plateful in this browser. Allow them in the site settings, then try again.`;
  }
  if (name === 'AbortError' || name === 'InvalidStateError' || name === 'NotSupportedError') {
    return t`This browser's push service could not be reached. Please try again later.`;
  }
  return on ? t`Push notifications could not be turned on. Please try again.` : t`Push notifications could not be turned off. Please try again.`;
}
