import { lazy, Suspense, useSyncExternalStore } from 'react';
import { savedShownAt, subscribeSaved } from '../lib/savedAnswers.js';
import { withMessages } from '../lib/i18n.js';

// The text comes with its own chunk and catalog (precached by the service worker for offline use).
const SavedSince = lazy(withMessages(() => import('./SavedSince.js'), ['common']));

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
          <Suspense fallback={null}>
            <SavedSince at={at} />
          </Suspense>
        </p>
      )}
    </div>
  );
}
