import { Trans } from '@lingui/react/macro';
import { dateTimeFormat } from '../lib/intl.js';

/**
 * The saved-copy notice's text (app/SavedNotice.tsx): since when the copy shown was saved, in the
 * interface language. Its own chunk, with the `common` catalog: only shown offline.
 */
export default function SavedSince({ at }: { at: number }) {
  const when = dateTimeFormat({ dateStyle: 'long', timeStyle: 'short' }).format(new Date(at));
  return (
    <Trans>
      <strong>Saved copy.</strong> You are offline: this shows what Plateful saved on this device on {when}. It may be out of date.
    </Trans>
  );
}
