import { t } from '@lingui/core/macro';
import 'leaflet/dist/leaflet.css';
import './maps.css';
import L from 'leaflet';
import { Circle, MapContainer, Marker } from 'react-leaflet';
import type { Location } from '../../../../contract/index.js';
import { KeepCentred } from './KeepCentred.js';
import { MapTiles } from './MapTiles.js';

const pins = new Map<string, L.DivIcon>();
/** The pin, its hidden text in the interface language (one icon per language). */
function pin(): L.DivIcon {
  const text = t`Exact pickup point`;
  let icon = pins.get(text);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- markup around the translated text
  if (!icon) pins.set(text, (icon = L.divIcon({ html: `<span class="sr-only">${text}</span>`, className: 'plateful-pin plateful-area', iconSize: [20, 20] })));
  return icon;
}

/**
 * The small map of a food's detail page, a lazily loaded chunk: a circle
 * of 500 m around the approximate point for everyone, the exact pin for the donor and the
 * accepted requester. `label` is its text alternative.
 */
export default function SpotMap({ location, label }: { location: Location; label: string }) {
  const at: [number, number] = [location.Lat, location.Lng];
  return (
    <figure className="flex flex-col gap-1">
      <MapContainer center={at} zoom={location.Approximate ? 14 : 16} scrollWheelZoom={false} className="h-56 w-full rounded-box border border-base-300">
        <MapTiles />
        <KeepCentred lat={location.Lat} lng={location.Lng} />
        {location.Approximate ? <Circle center={at} radius={500} pathOptions={{ color: '#4338ca', fillOpacity: 0.2 }} /> : <Marker position={at} icon={pin()} keyboard={false} />}
      </MapContainer>
      <figcaption className="text-sm">{label}</figcaption>
    </figure>
  );
}
