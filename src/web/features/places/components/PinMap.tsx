import { t } from '@lingui/core/macro';
import 'leaflet/dist/leaflet.css';
import './maps.css';
import L from 'leaflet';
import { MapContainer, Marker } from 'react-leaflet';
import type { LatLng } from '../api/places.js';
import { KeepCentred } from './KeepCentred.js';
import { MapTiles } from './MapTiles.js';

const pins = new Map<string, L.DivIcon>();
/** The pin, its hidden text in the interface language (one icon per language). */
function pin(): L.DivIcon {
  const text = t`Pickup point: drag to move`;
  let icon = pins.get(text);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- markup around the translated text
  if (!icon) pins.set(text, (icon = L.divIcon({ html: `<span class="sr-only">${text}</span>`, className: 'plateful-pin plateful-area', iconSize: [28, 28] })));
  return icon;
}

/**
 * A small map with the pickup point as a pin the donor drags to the door (
 * the third way to set it, beside a place name and 'Use my location'). A lazily loaded chunk.
 */
export default function PinMap({ point, onMove }: { point: LatLng; onMove: (p: LatLng) => void }) {
  return (
    <MapContainer
      key={`${point.lat.toFixed(3)},${point.lng.toFixed(3)}`}
      center={[point.lat, point.lng]}
      zoom={15}
      scrollWheelZoom={false}
      className="h-64 w-full rounded-box border border-base-300"
    >
      <MapTiles />
      <KeepCentred lat={point.lat} lng={point.lng} />
      <Marker
        position={[point.lat, point.lng]}
        icon={pin()}
        draggable
        keyboard
        title={t`Pickup point`}
        eventHandlers={{
          dragend: (e) => {
            const p = (e.target as L.Marker).getLatLng();
            onMove({ lat: p.lat, lng: p.lng });
          },
        }}
      />
    </MapContainer>
  );
}
