import { useEffect } from 'react';
import { useMap } from 'react-leaflet';

/**
 * Keeps a map centred on `at` whenever its box changes size. Leaflet measures its
 * container once, when it is made, and follows only window resizes; a box that grows
 * as the page settles (photos, fonts, a column that widens) left the point off-centre.
 */
export function KeepCentred({ lat, lng }: { lat: number; lng: number }) {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => {
      map.invalidateSize({ pan: false });
      map.setView([lat, lng], map.getZoom(), { animate: false });
    });
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map, lat, lng]);
  return null;
}
