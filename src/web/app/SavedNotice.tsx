import { useSyncExternalStore } from 'react';
import { savedShownAt, subscribeSaved } from '../lib/savedAnswers.js';

/**
 * Above the page while it shows answers saved on this device (offline; lib/savedAnswers.ts):
 * says so, and since when, so nobody takes a saved copy for the live state.
 */
export function SavedNotice() {
  const at = useSyncExternalStore(subscribeSaved, savedShownAt, () => null);
  return (
    <div role="status" className="mx-auto w-full max-w-7xl px-4 sm:px-6 lg:px-8">
      {at !== null && (
        <p className="mt-4 rounded-box border border-warning bg-warning/20 px-4 py-2">
          <strong>Saved copy.</strong> You are offline: this shows what Plateful saved on this device on{' '}
          {new Date(at).toLocaleString(undefined, { dateStyle: 'long', timeStyle: 'short' })}. It may be out of date.
        </p>
      )}
    </div>
  );
}
