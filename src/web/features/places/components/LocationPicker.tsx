import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import type { LatLng } from '../api/places.js';
import { PlaceFinder } from './PlaceFinder.js';

const PinMap = lazy(() => import('./PinMap.js'));

/**
 * The optional pickup point of Add / Update Food: set by a place name
 * or 'Use my location', then dragged to the door on a small map (the text says so; no raw
 * coordinates: the pin and the place name say where). Only the donor and the
 * accepted requester see this point; everyone else sees an area 200–500 m away.
 */
export function LocationPicker({ value, onChange }: { value: LatLng | undefined; onChange: (p: LatLng | undefined) => void }) {
  return (
    <div className="flex flex-col gap-2 md:col-span-2">
      <PlaceFinder legend={t`Pickup point on the map (optional)`} onPick={({ lat, lng }) => onChange({ lat, lng })} />
      {value ? (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span><Trans>Pin set. Drag the pin to adjust. Others see only the area around it.</Trans></span>
            <button type="button" className="btn btn-ghost btn-sm underline" onClick={() => onChange(undefined)}>
              <Trans>Remove point</Trans>
            </button>
          </p>
          <Suspense fallback={null}>
            <PinMap point={value} onMove={onChange} />
          </Suspense>
        </>
      ) : (
        <p className="text-sm"><Trans>No point yet: the listing is shown without a distance.</Trans></p>
      )}
    </div>
  );
}
