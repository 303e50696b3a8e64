import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { toastFailure, toastSuccess } from '../../../lib/toast.js';
import { fetchCalendarLink, rotateCalendarLink } from '../api/account.js';

/**
 * The profile's "Calendar" section: the secret link of the person's pickup feed (shown on
 * request, as anyone holding it sees their pickups) and "Make a new link", after which the
 * old one stops working.
 */
export function CalendarFeedSection() {
  const id = useId();
  const [url, setUrl] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const run = async (call: () => Promise<{ Url: string }>, done?: string) => {
    setBusy(true);
    try {
      setUrl((await call()).Url);
      if (done) toastSuccess(done);
    } catch (err) {
      toastFailure(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-2">
      <h2 id={`${id}-title`} className="text-lg font-semibold">
        <Trans>Calendar</Trans>
      </h2>
      <p className="text-sm">
        <Trans>Subscribe to your pickups (as donor and requester) in your calendar program. Anyone with the link sees them: keep it to yourself.</Trans>
      </p>
      {url ? (
        <>
          <label htmlFor={`${id}-url`} className="font-medium">
            <Trans>Your calendar link</Trans>
          </label>
          <input id={`${id}-url`} readOnly value={url} className="input input-bordered w-full" onFocus={(e) => e.currentTarget.select()} />
          <button type="button" className="btn btn-outline btn-sm w-fit" disabled={busy} onClick={() => void run(rotateCalendarLink, t`New calendar link made`)}>
            <Trans>Make a new link (the old one stops working)</Trans>
          </button>
        </>
      ) : (
        <button type="button" className="btn btn-outline btn-sm w-fit" disabled={busy} onClick={() => void run(fetchCalendarLink)}>
          <Trans>Show my calendar link</Trans>
        </button>
      )}
    </section>
  );
}
