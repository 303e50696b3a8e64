import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { PublicRecurringOffer } from '../../../../contract/index.js';
import { intlLocale } from '../../../lib/i18n.js';
import { formatLocalDate } from '../../../lib/localDate.js';
import { usePersonStanding } from '../../safety/api/safety.js';

/** Weekday `d` (ISO, 1 = Monday) short, in the page's language (1 January 2024 was a Monday). */
const weekday = (d: number) => new Intl.DateTimeFormat(intlLocale(), { weekday: 'short', timeZone: 'UTC' }).format(new Date(Date.UTC(2024, 0, d)));

/** When an offer repeats: its weekdays, its windows' local times, its zone when it is not this browser's, its end. */
function when(offer: PublicRecurringOffer): string {
  const days = offer.Weekdays.length === 7 ? t`every day` : offer.Weekdays.map(weekday).join(', ');
  const times = offer.Times.map((w) => `${w.Start}–${w.End}`).join(', ');
  const zone = offer.TimeZone === Intl.DateTimeFormat().resolvedOptions().timeZone ? '' : ` (${offer.TimeZone})`;
  const base = times ? `${days} ${times}${zone}` : days;
  const until = offer.Until ? formatLocalDate(offer.Until) : '';
  return until ? t`${base}, until ${until}` : base;
}

/**
 * A donor's regular offers beside their standing (`RecurringOffers` of `GET /api/people/{userId}`):
 * the running ones only, e.g. "Bread from Bäckerei Sonne: Mon, Tue, Wed 18:30–19:00"; nothing without any.
 */
export function DonorRegularOffers({ userId }: { userId: string | undefined }) {
  const { data } = usePersonStanding(userId);
  const offers = data?.RecurringOffers ?? [];
  if (!offers.length) return null;
  return (
    <div className="mt-2">
      <h3 className="text-sm font-semibold">
        <Trans>Regular offers</Trans>
      </h3>
      <ul className="text-sm">
        {offers.map((o) => (
          <li key={o._id}>
            <Trans>
              {o.FoodName}: {when(o)}
            </Trans>
          </li>
        ))}
      </ul>
    </div>
  );
}
