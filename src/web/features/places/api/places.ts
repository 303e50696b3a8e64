/**
 * Place calls of issue "Near me" (`/api/places`, `/api/places/reverse`, `/api/map-config`),
 * the browser's own position, and the signed-in person's home area (`/api/account/home-area`,
 * with whether it is put aside for this visit, in the tab's sessionStorage). Names are resolved on the server, never from the
 * browser; searches are sent on submit only (no type-ahead: Nominatim's usage policy).
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { DeleteResult, HomeAreaAnswer, HomeAreaInput, MapConfig, Place, UpdateResult } from '../../../../contract/index.js';
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
    enabled: q.trim().length >= 3,
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
