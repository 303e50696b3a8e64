import { useId } from 'react';
import { PlaceFinder, type PickedPoint } from './PlaceFinder.js';

/** Radii the 'Within' select offers, km (the API takes 1–50). */
export const RADII_KM = [1, 2, 5, 10, 25, 50] as const;

/** The 'Near' search of Available Foods: a point, a radius and whether nearest come first. */
export interface NearValue {
  point?: PickedPoint;
  radiusKm: number;
  byDistance: boolean;
}

/**
 * The 'Near' control of Available Foods (issue "Near me"): a place box and 'Use my
 * location' (PlaceFinder), a radius select and a 'Nearest first' toggle (its name leaves "sort" to the spec's 'Sort by expiry date' toggle); once a point
 * is set, the list keeps the listings within the radius and shows their distances.
 */
export function NearControl({ value, onChange }: { value: NearValue; onChange: (next: NearValue) => void }) {
  const id = useId();
  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <h2 id={`${id}-heading`} className="text-lg font-semibold">
        Near
      </h2>
      <PlaceFinder legend="Where are you?" onPick={(point) => onChange({ ...value, point, byDistance: true })} />
      <div className="flex flex-wrap items-end gap-3">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-radius`} className="font-medium">
            Within
          </label>
          <select
            id={`${id}-radius`}
            className="select select-bordered"
            value={value.radiusKm}
            onChange={(e) => onChange({ ...value, radiusKm: Number(e.target.value) })}
          >
            {RADII_KM.map((r) => (
              <option key={r} value={r}>
                {r} km
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="btn btn-outline"
          aria-pressed={value.byDistance}
          disabled={!value.point}
          onClick={() => onChange({ ...value, byDistance: !value.byDistance })}
        >
          Nearest first
        </button>
        {value.point && (
          <p className="flex flex-wrap items-center gap-2">
            <span>Near {value.point.label}</span>
            <button type="button" className="btn btn-ghost btn-sm underline" onClick={() => onChange({ ...value, point: undefined, byDistance: false })}>
              Clear place
            </button>
          </p>
        )}
      </div>
    </section>
  );
}
