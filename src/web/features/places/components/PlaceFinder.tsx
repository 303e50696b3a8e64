import { useId, useRef, useState } from 'react';
import { PLACES } from '../../../../contract/limits.js';
import { currentPosition, placeLabel, reversePlace, usePlaceSearch, type LatLng } from '../api/places.js';

/** A chosen point and how to name it. */
export interface PickedPoint extends LatLng {
  label: string;
}

/**
 * Sets a point the two ways that need no map (issue "Near me"): a place name,
 * looked up on the server when the person presses 'Find place' (never while typing),
 * then picked from the answers; or 'Use my location' (the browser's geolocation,
 * named by the server's reverse lookup). `legend` names the group for assistive technology.
 */
export function PlaceFinder({ legend, onPick }: { legend: string; onPick: (p: PickedPoint) => void }) {
  const id = useId();
  const [query, setQuery] = useState('');
  const [status, setStatus] = useState('');
  const [locating, setLocating] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const places = usePlaceSearch(query);

  function find() {
    const q = input.current?.value.trim() ?? '';
    if (q.length < PLACES.queryMin) {
      setStatus(`Type at least ${PLACES.queryMin} letters of a place name.`);
      return;
    }
    setStatus('');
    setQuery(q);
  }

  async function locateMe() {
    setLocating(true);
    setStatus('Finding your location…');
    try {
      const point = await currentPosition();
      const place = await reversePlace(point).catch(() => undefined);
      const label = place ? `your location, near ${placeLabel(place)}` : 'your location';
      onPick({ ...point, label });
      setStatus(`Using ${label}.`);
    } catch (error) {
      setStatus(error instanceof Error ? error.message : 'Your location could not be found.');
    } finally {
      setLocating(false);
    }
  }

  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="font-medium">{legend}</legend>
      {/* No form of its own (it sits inside the food form): Enter in the box finds the place. */}
      <div className="flex flex-wrap gap-2">
        <label htmlFor={`${id}-place`} className="sr-only">
          Place name
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
          placeholder="Town or city"
          className="input input-bordered min-w-0 flex-1"
        />
        <button type="button" className="btn btn-outline" onClick={find}>
          Find place
        </button>
        <button type="button" className="btn btn-outline" onClick={() => void locateMe()} disabled={locating}>
          Use my location
        </button>
      </div>
      {query.length >= 3 && (
        <div aria-live="polite">
          {places.isPending ? (
            <p className="text-sm">Looking up places…</p>
          ) : places.isError ? (
            <p className="text-sm">Places could not be looked up. Please try again.</p>
          ) : places.data.length === 0 ? (
            <p className="text-sm">No place of that name was found.</p>
          ) : (
            <ul aria-label="Places found" className="flex flex-wrap gap-2">
              {places.data.map((p) => (
                <li key={`${p.Lat},${p.Lng}`}>
                  <button
                    type="button"
                    className="btn btn-sm btn-ghost border border-base-300"
                    onClick={() => {
                      onPick({ lat: p.Lat, lng: p.Lng, label: placeLabel(p) });
                      setStatus(`Using ${placeLabel(p)}.`);
                      setQuery('');
                    }}
                  >
                    {placeLabel(p)}
                  </button>
                </li>
              ))}
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
