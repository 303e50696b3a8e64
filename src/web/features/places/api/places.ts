/**
 * Place calls (`/api/places`, `/api/places/reverse`, `/api/map-config`),
 * the browser's own position, and the signed-in person's home area (`/api/account/home-area`,
 * with whether it is put aside for this visit, in the tab's sessionStorage). Names are resolved on the server, never from the
 * browser; searches are sent on submit only (no type-ahead: Nominatim's usage policy).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeleteResult, HomeAreaAnswer, HomeAreaInput, MapConfig, Place, UpdateResult } from '../../../../contract/index.js';
import { PLACES } from '../../../../contract/limits.js';
import { apiFetch, apiUrl } from '../../../lib/http.js';

/** Query keys of place reads. */
export const placeKeys = {
  all: ['places'] as const,
  search: (q: string) => [...placeKeys.all, 'search', q] as const,
  mapConfig: () => [...placeKeys.all, 'map-config'] as const,
  homeArea: (userId: string) => [...placeKeys.all, 'home-area', userId] as const,
};

/** A point in degrees. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** Places named like `q` (at most 10): `GET /api/places?q=`. Disabled until `q` holds 3 characters. */
export function usePlaceSearch(q: string) {
  return useQuery({
    queryKey: placeKeys.search(q),
    queryFn: ({ signal }) => apiFetch<Place[]>(apiUrl('/places', { q }), { signal }),
    enabled: q.trim().length >= PLACES.queryMin,
    staleTime: Infinity,
  });
}

/** The nearest place name to a point: `GET /api/places/reverse`. */
export function reversePlace(p: LatLng): Promise<Place> {
  return apiFetch<Place>(apiUrl('/places/reverse', { lat: p.lat.toFixed(5), lng: p.lng.toFixed(5) }));
}

/** The map tiles to show (`MAP_TILE_URL`, `MAP_ATTRIBUTION`). */
export function useMapConfig() {
  return useQuery({
    queryKey: placeKeys.mapConfig(),
    queryFn: ({ signal }) => apiFetch<MapConfig>(apiUrl('/map-config'), { signal }),
    staleTime: Infinity,
  });
}

/** The browser's position (asks for permission); rejects with a message a person can read. */
export function currentPosition(): Promise<LatLng> {
  return new Promise((resolve, reject) => {
    if (!('geolocation' in navigator)) {
      reject(new Error('This browser cannot tell your location.'));
      return;
    }
    navigator.geolocation.getCurrentPosition(
      (pos) => resolve({ lat: pos.coords.latitude, lng: pos.coords.longitude }),
      (err) => reject(new Error(err.code === err.PERMISSION_DENIED ? 'Location access was refused.' : 'Your location could not be found.')),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  });
}

/** "Lyon, France" for a place. */
export function placeLabel(p: Place): string {
  return [p.Name, p.Country].filter(Boolean).join(', ');
}

/** US states by the codes the offline gazetteer gives as `Region` (GeoNames' admin1 codes). */
/* eslint-disable lingui/no-unlocalized-strings -- place names as the gazetteer gives them, not interface text */
const US_STATES: Record<string, string> = Object.fromEntries(
  (
    'AL Alabama,AK Alaska,AZ Arizona,AR Arkansas,CA California,CO Colorado,CT Connecticut,DE Delaware,DC District of Columbia,' +
    'FL Florida,GA Georgia,HI Hawaii,ID Idaho,IL Illinois,IN Indiana,IA Iowa,KS Kansas,KY Kentucky,LA Louisiana,ME Maine,' +
    'MD Maryland,MA Massachusetts,MI Michigan,MN Minnesota,MS Mississippi,MO Missouri,MT Montana,NE Nebraska,NV Nevada,' +
    'NH New Hampshire,NJ New Jersey,NM New Mexico,NY New York,NC North Carolina,ND North Dakota,OH Ohio,OK Oklahoma,OR Oregon,' +
    'PA Pennsylvania,RI Rhode Island,SC South Carolina,SD South Dakota,TN Tennessee,TX Texas,UT Utah,VT Vermont,VA Virginia,' +
    'WA Washington,WV West Virginia,WI Wisconsin,WY Wyoming'
  )
    .split(',')
    .map((e) => [e.slice(0, 2), e.slice(3)]),
);
/* eslint-enable lingui/no-unlocalized-strings */

/** A place's region as a person reads it ("New Hampshire"); '' for a bare numeric code. */
function regionName(p: Place): string {
  if (p.Country === 'United States' && US_STATES[p.Region]) return US_STATES[p.Region]!;
  return /^\d*$/.test(p.Region) ? '' : p.Region;
}

/** "52.5° N, 13.4° E" for a point. */
function degrees(p: Place): string {
  return `${Math.abs(p.Lat).toFixed(1)}° ${p.Lat < 0 ? 'S' : 'N'}, ${Math.abs(p.Lng).toFixed(1)}° ${p.Lng < 0 ? 'W' : 'E'}`;
}

/**
 * Labels for a list of places that tell them apart: "Lyon, France" when the name is alone,
 * "Berlin, New Hampshire, United States" when several share name and country, and the
 * point's degrees when even the region does not part them.
 */
export function placeLabels(places: readonly Place[]): string[] {
  const count = (labels: string[]) => labels.reduce((m, l) => m.set(l, (m.get(l) ?? 0) + 1), new Map<string, number>());
  const plain = places.map(placeLabel);
  const plainCount = count(plain);
  const regional = places.map((p, i) =>
    plainCount.get(plain[i]!)! > 1 ? [p.Name, regionName(p), p.Country].filter(Boolean).join(', ') : plain[i]!,
  );
  const regionalCount = count(regional);
  return places.map((p, i) => (regionalCount.get(regional[i]!)! > 1 ? `${regional[i]!} (${degrees(p)})` : regional[i]!));
}

/** The saved home area of `userId` (null when none); idle while `userId` is undefined. */
export function useHomeArea(userId: string | undefined) {
  return useQuery({
    queryKey: placeKeys.homeArea(userId ?? ''),
    queryFn: ({ signal }) => apiFetch<HomeAreaAnswer>(apiUrl('/account/home-area'), { signal }).then((a) => a.HomeArea),
    enabled: Boolean(userId),
    staleTime: 5 * 60_000,
  });
}

/** Saves (`body`) or, with null, forgets the home area of `userId`; the cached read follows. */
export function useSetHomeArea(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: HomeAreaInput | null): Promise<UpdateResult | DeleteResult> =>
      body
        ? apiFetch<UpdateResult>(apiUrl('/account/home-area'), { method: 'PUT', body })
        : apiFetch<DeleteResult>(apiUrl('/account/home-area'), { method: 'DELETE' }),
    onSuccess: () => client.invalidateQueries({ queryKey: placeKeys.homeArea(userId) }),
  });
}

const OFF_KEY = 'plateful.homeArea.off';

/** Whether the home area is put aside for this visit (this tab), and the setter. */
export function useHomeAreaOff(): [boolean, (off: boolean) => void] {
  const [off, setOff] = useState(() => {
    try {
      return sessionStorage.getItem(OFF_KEY) === '1';
    } catch {
      return false;
    }
  });
  function set(next: boolean) {
    setOff(next);
    try {
      if (next) sessionStorage.setItem(OFF_KEY, '1');
      else sessionStorage.removeItem(OFF_KEY);
    } catch {
      // Storage refused (private mode): the choice lasts as long as the page.
    }
  }
  return [off, set];
}
