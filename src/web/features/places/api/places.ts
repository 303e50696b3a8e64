/**
 * Place calls of issue "Near me" (`/api/places`, `/api/places/reverse`, `/api/map-config`)
 * and the browser's own position. Names are resolved on the server, never from the
 * browser; searches are sent on submit only (no type-ahead: Nominatim's usage policy).
 */
import { useQuery } from '@tanstack/react-query';
import type { MapConfig, Place } from '../../../../contract/index.js';
import { apiFetch, apiUrl } from '../../../lib/http.js';

/** Query keys of place reads. */
export const placeKeys = {
  all: ['places'] as const,
  search: (q: string) => [...placeKeys.all, 'search', q] as const,
  mapConfig: () => [...placeKeys.all, 'map-config'] as const,
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
