import { useSyncExternalStore } from 'react';
import { Trans } from '@lingui/react/macro';
import { dateTimeFormat } from '../lib/intl.js';
import { savedShownAt, subscribeSaved } from '../lib/savedAnswers.js';

/** The notice's text: since when the copy was saved, in the interface language. */
function SavedSince({ at }: { at: number }) {
  const when = dateTimeFormat({ dateStyle: 'long', timeStyle: 'short' }).format(new Date(at));
  return (
    <Trans>
      <strong>Saved copy.</strong> You are offline: this shows what Plateful saved on this device on {when}. It may be out of date.
    </Trans>
  );
}

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
          <SavedSince at={at} />
        </p>
      )}
    </div>
  );
}
