/**
 * The public point of a listing (issue "Near me"): the exact point moved once, when
 * saved, by a random 200–500 m in a random direction, so it is never within 150 m of
 * the door; it is stored and answered unchanged on every read, so repeated reads
 * cannot be averaged back to the door.
 */
import { randomInt } from 'node:crypto';

/** Metres the public point lies from the exact one: at least, at most. */
export const BLUR_METRES = { min: 200, max: 500 } as const;

/** Mean Earth radius, metres (IUGG). */
const EARTH_RADIUS_M = 6_371_008.8;

const rad = (deg: number) => (deg * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/**
 * The point `metres` from (`lat`, `lng`) along `bearingDeg` (great circle, spherical Earth),
 * longitude wrapped into -180..180.
 */
export function destination(lat: number, lng: number, metres: number, bearingDeg: number): { lat: number; lng: number } {
  const d = metres / EARTH_RADIUS_M;
  const b = rad(bearingDeg);
  const p1 = rad(lat);
  const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b));
  const l2 = rad(lng) + Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
  return { lat: deg(p2), lng: ((deg(l2) + 540) % 360) - 180 };
}

/** A public point for the exact point (`lat`, `lng`): random distance in BLUR_METRES, random bearing (crypto RNG). */
export function blurPoint(lat: number, lng: number): { lat: number; lng: number } {
  const metres = BLUR_METRES.min + randomInt(0, (BLUR_METRES.max - BLUR_METRES.min) * 1000 + 1) / 1000;
  const bearing = randomInt(0, 360_000) / 1000;
  return destination(lat, lng, metres, bearing);
}
