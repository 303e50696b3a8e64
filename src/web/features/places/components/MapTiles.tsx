import { TileLayer } from 'react-leaflet';
import { useMapConfig } from '../api/places.js';

/**
 * The map's tiles from `MAP_TILE_URL` with `MAP_ATTRIBUTION`. Tiles are
 * requested with the origin as Referer (OpenStreetMap's tile policy asks for one; the
 * page's own policy is `no-referrer`). Without tiles the map still shows its markers.
 */
export function MapTiles() {
  const { data } = useMapConfig();
  if (!data) return null;
  return <TileLayer url={data.TileUrl} attribution={data.Attribution} referrerPolicy="strict-origin-when-cross-origin" />;
}
