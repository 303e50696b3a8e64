import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useId, useRef, useState } from 'react';
import { PLACES } from '../../../../contract/limits.js';
import { numberFormat } from '../../../lib/intl.js';
import { currentPosition, placeLabel, placeLabels, reversePlace, usePlaceSearch, type LatLng } from '../api/places.js';

/** How a point from 'Use my location' is named; its label starts so. */
export const LOCATION_LABEL = 'your location';

/** A chosen point and how to name it. */
export interface PickedPoint extends LatLng {
  /** What follows "Near " in a sentence: "Lyon, France" or "your location, near Lyon, France". */
  label: string;
  /** The place's own name ("Lyon, France"; for 'Use my location' the nearest place's), '' when unknown. */
  name: string;
}

/**
 * Sets a point the two ways that need no map: a place name,
 * looked up on the server when the person presses 'Find place' (never while typing),
 * then picked from the answers; or 'Use my location' (the browser's geolocation,
 * named by the server's reverse lookup). `legend` names the group for assistive technology;
 * `boxText`, when given, is put in the place box whenever it changes (e.g. the name of a
 * saved home area, or '' once the place is cleared); undefined leaves the box as typed.
 * `announcePick` false leaves saying which point is used to the caller (the Near panel's
 * "Near …" line), so the name is not repeated. A reset of the surrounding form empties it all.
 * Places of one name in one country are told apart by their region.
 */
export function PlaceFinder({
  legend,
  onPick,
  boxText,
  boxLabel = t`Place name`,
  announcePick = true,
}: {
  legend: string;
  onPick: (p: PickedPoint) => void;
  boxText?: string;
  /** The box's (visually hidden) label; the Profile page's avoids "name", which its Name field owns. */
  boxLabel?: string;
  /** Whether to say "Using {place}." after a pick (false when the caller shows the point itself). */
  announcePick?: boolean;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState('');
  const [locating, setLocating] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const places = usePlaceSearch(query);

  useEffect(() => {
    if (boxText !== undefined && input.current) input.current.value = boxText;
  }, [boxText]);

  // After the surrounding form is sent and reset (Add Food), nothing of the last place stays.
  useEffect(() => {
    const form = input.current?.form;
    if (!form) return;
    const clear = () => {
      setStatus('');
      setQuery('');
    };
    form.addEventListener('reset', clear);
    return () => form.removeEventListener('reset', clear);
  }, []);

  function picked(label: string) {
    setStatus(announcePick ? t`Using ${label}.` : '');
  }

  function find() {
    const q = input.current?.value.trim() ?? '';
    if (q.length < PLACES.queryMin) {
      setStatus(t`Type at least ${PLACES.queryMin} letters of a place name.`);
      return;
    }
    setStatus('');
    setQuery(q);
  }

  async function locateMe() {
    setLocating(true);
    setStatus(t`Finding your location…`);
    try {
      const point = await currentPosition();
      const place = await reversePlace(point).catch(() => undefined);
      const label = place ? t`${LOCATION_LABEL}, near ${placeLabel(place)}` : LOCATION_LABEL;
      onPick({ ...point, label, name: place ? placeLabel(place) : '' });
      picked(label);
    } catch (error) {
      setStatus(error instanceof Error ? error.message : t`Your location could not be found.`);
    } finally {
      setLocating(false);
    }
  }

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-medium">{legend}</legend>
      {/* No form of its own (it sits inside the food form): Enter in the box finds the place. */}
      {/* Below 640 px the box takes a row of its own, the buttons share the next. */}
      <div className="flex flex-wrap gap-2">
        <label htmlFor={`${id}-place`} className="sr-only">
          {boxLabel}
        </label>
        <input
          ref={input}
          id={`${id}-place`}
          type="text"
          maxLength={PLACES.queryMax}
          onKeyDown={(e) => {
            if (e.key !== 'Enter') return;
            e.preventDefault();
            find();
          }}
          placeholder={t`Town or city`}
          className="input input-bordered w-full sm:w-auto sm:min-w-0 sm:flex-1"
        />
        <button type="button" className="btn btn-outline flex-1 sm:flex-none" onClick={find}>
          <Trans>Find place</Trans>
        </button>
        <button type="button" className="btn btn-outline flex-1 sm:flex-none" onClick={() => void locateMe()} disabled={locating}>
          <Trans>Use my location</Trans>
        </button>
      </div>
      {query.length >= PLACES.queryMin && (
        <div aria-live="polite">
          {places.isPending ? (
            <p className="text-sm"><Trans>Looking up places…</Trans></p>
          ) : places.isError ? (
            <p className="text-sm"><Trans>Places could not be looked up. Please try again.</Trans></p>
          ) : places.data.length === 0 ? (
            <p className="text-sm"><Trans>No place of that name was found.</Trans></p>
          ) : (
            <ul aria-label={t`Places found`} className="flex flex-wrap gap-2">
              {placeLabels(places.data).map((label, i) => {
                const p = places.data[i]!;
                return (
                  <li key={`${p.Lat},${p.Lng}`}>
                    <button
                      type="button"
                      className="btn btn-sm btn-ghost border border-base-300"
                      onClick={() => {
                        onPick({ lat: p.Lat, lng: p.Lng, label, name: label });
                        picked(label);
                        setQuery('');
                      }}
                    >
                      {label}
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      )}
      <p className="text-sm" aria-live="polite">
        {status}
      </p>
    </fieldset>
  );
}

/** Radii the 'Within' select offers, km (the API takes 1–50). */
export const RADII_KM = [1, 2, 5, 10, 25, 50] as const;

/** A radius as its option reads it ("5 km"), the number in the active locale's digits. */
function kilometres(radius: number): string {
  const km = numberFormat().format(radius);
  return t`${km} km`;
}

/**
 * The labelled 'Within' select of a Near search or a home area; `value` in km. Kept in this
 * module so that the pages using both share one chunk (no new name in the entry's preload map).
 */
export function RadiusSelect({ id, value, onChange }: { id: string; value: number; onChange: (km: number) => void }) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium">
        <Trans>Within</Trans>
      </label>
      <select id={id} className="input field-select w-full sm:w-auto" value={value} onChange={(e) => onChange(Number(e.target.value))}>
        {RADII_KM.map((r) => (
          <option key={r} value={r}>
            {kilometres(r)}
          </option>
        ))}
      </select>
    </div>
  );
}
