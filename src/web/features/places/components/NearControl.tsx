import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { ToggleButton } from '../../../ui/ToggleButton.js';
import { PlaceFinder, RadiusSelect, type PickedPoint } from './PlaceFinder.js';

/** The 'Near' search of Available Foods: a point, a radius and whether nearest come first. */
export interface NearValue {
  /** The search position; `home` when it is the person's saved home area, not chosen on this page. */
  point?: PickedPoint & { home?: boolean };
  radiusKm: number;
  byDistance: boolean;
}

/**
 * The 'Near' control of Available Foods: a place box and 'Use my
 * location' (PlaceFinder), a radius select and a 'Nearest first' toggle (its name leaves "sort" to the spec's 'Sort by expiry date' toggle); once a point
 * is set, the list keeps the listings within the radius and shows their distances. The place
 * box shows the point's place name (a saved home area's, a shared link's); a home area can be cleared for this visit.
 * On small screens every part takes the full width, so a place name stays readable.
 */
export function NearControl({ value, onChange }: { value: NearValue; onChange: (next: NearValue) => void }) {
  const id = useId();
  const point = value.point;
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        <Trans>Near</Trans>
      </h2>
      <PlaceFinder
        legend={t`Where are you?`}
        // The box shows the point's place name (a home area's, a shared link's `place`, a picked place's);
        // clearing the place or using one's location empties it: the "Near …" line below names the point, once.
        boxText={point && point.label === point.name ? point.name : ''}
        announcePick={false}
        onPick={(picked) => onChange({ ...value, point: picked, byDistance: true })}
      />
      <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
        <RadiusSelect id={`${id}-radius`} value={value.radiusKm} onChange={(radiusKm) => onChange({ ...value, radiusKm })} />
        <ToggleButton pressed={value.byDistance} disabled={!point} onClick={() => onChange({ ...value, byDistance: !value.byDistance })}>
          <Trans>Nearest first</Trans>
        </ToggleButton>
        <div aria-live="polite">
          {point && (
            <p className="flex flex-wrap items-center gap-2">
              <span>{point.home ? t`Near your home area, ${point.label}` : t`Near ${point.label}`}</span>
              <button type="button" className="btn btn-ghost btn-sm underline" onClick={() => onChange({ ...value, point: undefined, byDistance: false })}>
                {point.home ? t`Clear for this visit` : t`Clear place`}
              </button>
            </p>
          )}
        </div>
      </div>
    </section>
  );
}
