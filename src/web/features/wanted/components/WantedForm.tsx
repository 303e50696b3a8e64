import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { LIMITS, WANTED } from '../../../../contract/limits.js';
import { wantedPath } from '../../../../contract/routes.js';
import { toastSuccess } from '../../../lib/toast.js';
import { numberFormat } from '../../../lib/intl.js';
import { Field } from '../../../ui/FormCard.js';
import { TextAreaField } from '../../../ui/ModalDialog.js';
import { PlaceFinder, RadiusSelect, type PickedPoint } from '../../places/components/PlaceFinder.js';
import { usePostWanted } from '../api/wanted.js';

const DAY_MS = 24 * 3600 * 1000;

/** A calendar date `days` from today in the local time zone, as `YYYY-MM-DD` (a date input's value). */
function localDateIn(days: number): string {
  const d = new Date(Date.now() + days * DAY_MS);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
}

/**
 * The instant a post chosen to last until local date `value` (`YYYY-MM-DD`) ends: that day's end,
 * at most `WANTED.maxDays` from now less a minute (docs/api.md "Wanted posts"); undefined when empty.
 */
export function expiryOf(value: string, now = Date.now()): string | undefined {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!m) return undefined;
  const end = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]), 23, 59).getTime();
  return new Date(Math.min(end, now + WANTED.maxDays * DAY_MS - 60_000)).toISOString();
}

/**
 * 'Post what you need' (docs/api.md "Wanted posts"): Title, Details, the place the food may come
 * from (a place name or 'Use my location'; `start`, the list's place, until another is picked),
 * the radius, and an optional last day (empty: `WANTED.defaultDays`). Others see only the area
 * around the place. Once posted, the post's page opens.
 */
export function WantedForm({ start }: { start?: PickedPoint }) {
  const id = useId();
  const [, navigate] = useLocation();
  const post = usePostWanted();
  const [point, setPoint] = useState<PickedPoint | undefined>(start);
  const [radiusKm, setRadiusKm] = useState(5);
  const [placeError, setPlaceError] = useState(false);
  const placeHint = useRef<HTMLParagraphElement>(null);
  const days = numberFormat().format(WANTED.defaultDays);

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    if (!point) {
      setPlaceError(true);
      placeHint.current?.focus();
      return;
    }
    post.mutate(
      { Title: text('Title'), Details: text('Details'), Location: { Lat: point.lat, Lng: point.lng }, RadiusKm: radiusKm, ExpiresAt: expiryOf(text('Until')) },
      {
        onSuccess: ({ insertedId }) => {
          toastSuccess(t`Your Wanted post is up.`);
          navigate(wantedPath(insertedId));
        },
      },
    );
  }

  return (
    <form id={`${id}-form`} onSubmit={submit} className="grid grid-cols-1 gap-4 md:grid-cols-2">
      <Field
        id={`${id}-title`}
        label={t`Title`}
        name="Title"
        type="text"
        required
        maxLength={LIMITS.name}
        placeholder={t`Baby formula, any brand`}
        hint={t`What you need, in a few words.`}
        className="md:col-span-2"
      />
      <div className="md:col-span-2">
        <TextAreaField id={`${id}-details`} label={t`Details (optional)`} name="Details" rows={3} maxLength={LIMITS.notes} />
      </div>
      <div className="flex flex-col gap-2 md:col-span-2">
        <PlaceFinder legend={t`Where should the food be?`} onPick={(p) => { setPoint(p); setPlaceError(false); }} />
        <p ref={placeHint} tabIndex={-1} className={`text-sm ${placeError ? 'font-semibold' : ''}`} role={placeError ? 'alert' : undefined}>
          {point
            ? t`Near ${point.label}. Others see only the area around it, never the exact point.`
            : placeError
              ? t`Choose a place first: type a town and press 'Find place', or use your location.`
              : t`No place yet.`}
        </p>
      </div>
      <RadiusSelect id={`${id}-radius`} value={radiusKm} onChange={setRadiusKm} />
      <Field
        id={`${id}-until`}
        label={t`Open until (optional)`}
        name="Until"
        type="date"
        min={localDateIn(0)}
        max={localDateIn(WANTED.maxDays - 1)}
        hint={t`Empty: open for ${days} days.`}
      />
      <div className="md:col-span-2">
        <button type="submit" className="btn btn-primary" disabled={post.isPending}>
          <Trans>Post what you need</Trans>
        </button>
      </div>
    </form>
  );
}
