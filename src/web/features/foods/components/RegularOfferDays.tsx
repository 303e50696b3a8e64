import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { intlLocale } from '../../../lib/i18n.js';
import { failureText } from '../../../lib/problemText.js';
import { FramedFieldset } from '../../../ui/FormCard.js';
import { useChangeRecurringOffer, useRecurringOffers } from '../api/foods.js';

/** Short weekday names, Monday first, in the page's language (1 January 2024 was a Monday). */
const weekdays = () => [1, 2, 3, 4, 5, 6, 7].map((d) => new Intl.DateTimeFormat(intlLocale(), { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, d))));

/**
 * The days and end of the regular offer `seriesId` on the update form of one of its listings,
 * saved on their own (`PATCH /api/recurring-offers/{id}`): the days listed from then on
 * follow them, the listings already made stay. Nothing for a stopped offer.
 */
export function RegularOfferDays({ seriesId }: { seriesId: string }) {
  const id = useId();
  const { data } = useRecurringOffers(true);
  const save = useChangeRecurringOffer();
  const [days, setDays] = useState<number[] | null>(null);
  const [until, setUntil] = useState<string | null>(null);
  const offer = data?.find((o) => o._id === seriesId);
  if (!offer || offer.Status === 'Stopped') return null;
  const shownDays = days ?? offer.Weekdays;
  const shownUntil = until ?? offer.Until ?? '';
  const toggle = (day: number) => setDays(shownDays.includes(day) ? shownDays.filter((d) => d !== day) : [...shownDays, day].sort());
  const submit = () => save.mutate({ id: seriesId, change: { Weekdays: shownDays, Until: shownUntil || null } });

  return (
    <FramedFieldset legend={<Trans>Days of this regular offer</Trans>} describedBy={`${id}-hint`}>
      <p id={`${id}-hint`} className="text-sm">
        <Trans>Changes apply to the days listed from now on; listings already made stay as they are.</Trans>
      </p>
      <div className="flex flex-wrap gap-3">
        {weekdays().map((name, i) => (
          <label key={name} className="flex items-center gap-1">
            <input type="checkbox" className="field-check" checked={shownDays.includes(i + 1)} onChange={() => toggle(i + 1)} />
            {name}
          </label>
        ))}
      </div>
      <label className="flex flex-col text-sm w-fit">
        <Trans>Last day (optional)</Trans>
        <input type="date" className="input input-bordered" value={shownUntil} onChange={(e) => setUntil(e.target.value)} />
      </label>
      <button type="button" className="btn btn-outline btn-sm w-fit" disabled={!shownDays.length || save.isPending} onClick={submit}>
        <Trans>Save the days</Trans>
      </button>
      <p role="status" className="text-sm">
        {save.isSuccess ? t`Days saved.` : save.isError ? t`The days could not be saved: ${failureText(save.error)}` : ''}
      </p>
    </FramedFieldset>
  );
}
