/**
 * The public point of a listing (docs/security.md "Places"): never within 150 m of the door,
 * and one per donor and place, however many listings or edits they make there, so
 * reading them all cannot be averaged or ring-fitted back to the door.
 *
 * It is derived, not drawn: the exact point is snapped to its cell of a 100 m grid, and
 * the cell's centre is moved by an offset of 275–425 m in a direction that an HMAC
 * (RFC 2104, SHA-256) of the server secret, the donor's id and the 1 km region holding
 * the cell decides. The same donor, cell and secret always give the same point, with
 * nothing random per save and nothing stored but the point itself. The door lies within
 * 71 m (half a cell's diagonal) of the centre, so the point is 204–496 m from it.
 *
 * Every cell of a region shares the offset: a pin nudged across a cell edge moves its
 * public point by exactly one cell, which tells nothing more than either point alone,
 * and intersecting such rings stays a ring around both. Only a nudge across a region edge
 * (1 km apart) gives an independent second point; a donor's places in different regions
 * are independent, so knowing one exact point (as an accepted requester does) reveals
 * nothing of a place in another region.
 */
import { createHmac } from 'node:crypto';

/** Metres the public point lies from the exact one: at least, at most (never within 150 m). */
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

/** Metres per degree of latitude (and of longitude at the equator) on the mean sphere. */
const M_PER_DEG = (Math.PI * EARTH_RADIUS_M) / 180;

/** Side of a grid cell, metres: pins within one cell share their public point. */
export const CELL_METRES = 100;

/** Cells per side of a region, whose cells share one offset. */
const REGION_CELLS = 10;

/** Metres between a cell's centre and the public point: at least, at most (BLUR_METRES less half a cell's diagonal, with margin). */
export const OFFSET_METRES = { min: 275, max: 425 } as const;

/**
 * The grid cell of a point: its row (100 m of latitude), column and centre, and its region
 * (10 × 10 cells). The rows of one region share one column width (100 m of longitude at
 * the region's middle), so the cells of a region line up.
 */
export function gridCell(lat: number, lng: number): { row: number; col: number; lat: number; lng: number; region: string } {
  const row = Math.floor(((lat + 90) * M_PER_DEG) / CELL_METRES);
  const band = Math.floor(row / REGION_CELLS);
  const bandLat = ((band + 0.5) * REGION_CELLS * CELL_METRES) / M_PER_DEG - 90;
  const widthDeg = CELL_METRES / (M_PER_DEG * Math.max(Math.cos(rad(Math.min(bandLat, 89.9))), 1e-3));
  const col = Math.floor((lng + 180) / widthDeg);
  return {
    row,
    col,
    lat: Math.min(90, ((row + 0.5) * CELL_METRES) / M_PER_DEG - 90),
    lng: Math.min(180, (col + 0.5) * widthDeg - 180),
    region: `${band}:${Math.floor(col / REGION_CELLS)}`,
  };
}

/**
 * The public point of `donorId`'s pin at (`lat`, `lng`), keyed by `secret` (AUTH_SECRET):
 * the centre of the pin's grid cell moved OFFSET_METRES along a bearing, both from
 * HMAC-SHA256(secret, donor | region). Deterministic: no number of listings or edits of
 * one donor at one place gives a second point.
 */
export function publicPoint(secret: string, donorId: string, lat: number, lng: number): { lat: number; lng: number } {
  const cell = gridCell(lat, lng);
  const mac = createHmac('sha256', secret).update(`plateful public point\0${donorId}\0${cell.region}`).digest();
  const unit = (offset: number) => mac.readUInt32BE(offset) / 2 ** 32;
  const metres = OFFSET_METRES.min + unit(0) * (OFFSET_METRES.max - OFFSET_METRES.min);
  return destination(cell.lat, cell.lng, metres, unit(4) * 360);
}
