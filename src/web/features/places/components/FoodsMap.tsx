import { plural, t } from '@lingui/core/macro';
import 'leaflet/dist/leaflet.css';
import 'react-leaflet-cluster/dist/assets/MarkerCluster.css';
import './maps.css';
import L from 'leaflet';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker } from 'react-leaflet';
import MarkerClusterGroup from 'react-leaflet-cluster';
import type { Food } from '../../../../contract/index.js';
import { aboutDistance } from '../../../lib/distance.js';
import { navigate } from 'wouter/use-browser-location';
import type { LatLng } from '../api/places.js';
import { MapTiles } from './MapTiles.js';
import { foodPath } from '../../../../contract/routes.js';

/** An icon whose only content is text for assistive technology, drawn by CSS as `className`. */
function textIcon(text: string, className: string, size: number, shown = ''): L.DivIcon {
  const el = document.createElement('span');
  const hidden = document.createElement('span');
  hidden.className = 'sr-only';
  hidden.textContent = text;
  el.append(hidden);
  if (shown) {
    const visible = document.createElement('span');
    visible.setAttribute('aria-hidden', 'true');
    visible.textContent = shown;
    el.append(visible);
  }
  return L.divIcon({ html: el, className, iconSize: [size, size] });
}

/** What a marker says: the food, its distance when known, and what Enter does. */
function markerText(food: Food): string {
  const distance = food.DistanceKm === undefined ? '' : `, ${aboutDistance(food.DistanceKm)}`;
  return t`${food.FoodName}${distance}: approximate area. Open details`;
}

/**
 * The 'Map' view of Available Foods, a lazily loaded chunk: each listing
 * with a point is a circle around its public (approximate) point, never a pin; nearby ones
 * are clustered. Markers and clusters are buttons in the tab order (Leaflet's keyboard
 * support): Enter on a listing opens its details, on a cluster zooms into it. The list
 * stays the primary view; foods without a point are named below the map.
 */
export default function FoodsMap({ foods, center }: { foods: Food[]; center?: LatLng }) {
  const placed = foods.filter((f) => f.Location);
  const bounds = useMemo(() => {
    const points = placed.map((f) => [f.Location!.Lat, f.Location!.Lng] as [number, number]);
    if (center) points.push([center.lat, center.lng]);
    return points.length ? L.latLngBounds(points).pad(0.1) : undefined;
  }, [placed, center]);
  const unplaced = foods.length - placed.length;
  const group = useRef<L.FeatureGroup>(null);
  // Leaflet answers Enter only with a popup; a cluster zooms into its listings instead.
  useEffect(() => {
    const g = group.current;
    if (!g) return;
    const onKey = (e: L.LeafletEvent & { originalEvent?: KeyboardEvent; layer?: { zoomToBounds(): void } }) => {
      if (e.originalEvent?.key === 'Enter') e.layer?.zoomToBounds();
    };
    g.on('clusterkeypress', onKey);
    return () => void g.off('clusterkeypress', onKey);
  }, [bounds]);

  return (
    <section aria-label={t`Map of foods`} className="flex flex-col gap-2">
      {bounds ? (
        <MapContainer bounds={bounds} maxZoom={16} scrollWheelZoom={false} className="h-[28rem] w-full rounded-box border border-base-300">
          <MapTiles />
          <MarkerClusterGroup
            ref={group}
            chunkedLoading
            showCoverageOnHover={false}
            iconCreateFunction={(cluster: { getChildCount(): number }) => {
              const n = cluster.getChildCount();
              return textIcon(t`${n} foods here. Zoom in`, 'plateful-cluster', 40, String(n));
            }}
          >
            {placed.map((food) => (
              <Marker
                key={food._id}
                position={[food.Location!.Lat, food.Location!.Lng]}
                icon={textIcon(markerText(food), 'plateful-area', 36)}
                title={food.FoodName}
                keyboard
                eventHandlers={{
                  click: () => navigate(foodPath(food._id)),
                  keypress: (e) => {
                    if ((e as L.LeafletKeyboardEvent).originalEvent.key === 'Enter') navigate(foodPath(food._id));
                  },
                }}
              />
            ))}
          </MarkerClusterGroup>
        </MapContainer>
      ) : null}
      <p className="text-sm">
        {placed.length === 0
          ? t`None of these foods has a place on the map yet.`
          : plural(placed.length, {
              one: '# food on the map, a circle around its approximate area (never the door). Tab moves between them; Enter opens one.',
              other: '# foods on the map, each a circle around its approximate area (never the door). Tab moves between them; Enter opens one.',
            })}
        {unplaced > 0 && placed.length > 0 ? t` ${unplaced} more without a place are in the list.` : ''}
      </p>
    </section>
  );
}
