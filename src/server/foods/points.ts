/**
 * Listings' pickup points (issue "Near me"): the columns a write stores (the exact
 * point and its public point, blurred once when saved), the `Location` a reader
 * gets, and who may read the exact point.
 */
import { and, eq, inArray } from 'drizzle-orm';
import type { Location, LocationInput } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { foods, requests } from '../db/schema/index.js';
import { blurPoint } from '../places/blur.js';

type FoodRow = typeof foods.$inferSelect;
type PointColumns = Pick<FoodRow, 'lat' | 'lng' | 'publicLat' | 'publicLng'>;

/**
 * Request statuses whose requester sees the exact point: the donor accepted them
 * (issue 16, "From listing to hand-over"), and kept it after the hand-over.
 */
export const EXACT_POINT_STATUSES: readonly string[] = ['Accepted', 'Delivered'];

/**
 * The point columns to write for `input` (a body's `Location`) over `current` (the
 * stored row on an update): undefined keeps them (a spec client's `PUT`), null clears
 * them, the same exact point keeps its public point, a new one is blurred anew.
 */
export function pointColumns(input: LocationInput | null | undefined, current?: PointColumns): Partial<PointColumns> {
  if (input === undefined) return {};
  if (input === null) return { lat: null, lng: null, publicLat: null, publicLng: null };
  if (current && current.lat === input.Lat && current.lng === input.Lng) return {};
  const blurred = blurPoint(input.Lat, input.Lng);
  return { lat: input.Lat, lng: input.Lng, publicLat: blurred.lat, publicLng: blurred.lng };
}

/** The `Location` of `row` as answered: the exact point when `exact`, else the public one; undefined without a point. */
export function toLocation(row: PointColumns, exact: boolean): Location | undefined {
  if (row.lat === null || row.lng === null || row.publicLat === null || row.publicLng === null) return undefined;
  return exact ? { Lat: row.lat, Lng: row.lng, Approximate: false } : { Lat: row.publicLat, Lng: row.publicLng, Approximate: true };
}

/**
 * Who may read the exact point of each of `rows`: the donor, and a requester whose
 * request is in `EXACT_POINT_STATUSES`; anonymous visitors and everyone else get the
 * public point. One query for the whole page.
 * @returns a predicate on a row.
 */
export async function exactPointVisibility(db: Database, viewerId: string | undefined, rows: FoodRow[]): Promise<(row: FoodRow) => boolean> {
  if (!viewerId) return () => false;
  const others = rows.filter((r) => r.donorId !== viewerId && r.lat !== null).map((r) => r.id);
  const accepted = new Set<string>();
  if (others.length) {
    const found = await db
      .selectDistinct({ foodId: requests.foodId })
      .from(requests)
      .where(and(eq(requests.requesterId, viewerId), inArray(requests.foodId, others), inArray(requests.status, EXACT_POINT_STATUSES as never)));
    for (const f of found) accepted.add(f.foodId);
  }
  return (row) => row.donorId === viewerId || accepted.has(row.id);
}
