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
      <PlaceFinder legend="Pickup point on the map (optional)" onPick={({ lat, lng }) => onChange({ lat, lng })} />
      {value ? (
        <>
          <p className="flex flex-wrap items-center gap-2 text-sm">
            <span>Pin set. Drag the pin to adjust. Others see only the area around it.</span>
            <button type="button" className="btn btn-ghost btn-sm underline" onClick={() => onChange(undefined)}>
              Remove point
            </button>
          </p>
          <Suspense fallback={null}>
            <PinMap point={value} onMove={onChange} />
          </Suspense>
        </>
      ) : (
        <p className="text-sm">No point yet: the listing is shown without a distance.</p>
      )}
    </div>
  );
}
