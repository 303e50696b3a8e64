/**
 * Listings' pickup points: the columns a write stores (the exact
 * point and its public point, one per donor and place), the `Location` a reader
 * gets, and who may read the exact point, and which.
 */
import { and, eq, gt, inArray, isNotNull, or } from 'drizzle-orm';
import type { Location, LocationInput } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { foods, requests } from '../db/schema/index.js';
import { publicPoint } from '../places/blur.js';

type FoodRow = typeof foods.$inferSelect;
type PointColumns = Pick<FoodRow, 'lat' | 'lng' | 'publicLat' | 'publicLng'>;

/** How long after the hand-over its requester still sees the hand-over's exact point. */
export const HANDOVER_POINT_MS = 24 * 60 * 60 * 1000;

/** A point shown exactly: the listing's own (`true`) or the one stored at a hand-over. */
export type ExactPoint = true | { lat: number; lng: number };

/**
 * The point columns to write for `input` (a body's `Location`) of `donorId`'s listing:
 * undefined keeps them (a spec client's `PUT`), null clears them, a point stores it and
 * its public point, derived from the donor, the point's grid cell and `secret`
 * (places/blur.ts): the same place always gives the same public point.
 * @throws Error when a point comes without `secret`.
 */
export function pointColumns(input: LocationInput | null | undefined, donorId: string, secret: string | undefined): Partial<PointColumns> {
  if (input === undefined) return {};
  if (input === null) return { lat: null, lng: null, publicLat: null, publicLng: null };
  if (!secret) throw new Error('A listing point needs the server secret for its public point.');
  const shown = publicPoint(secret, donorId, input.Lat, input.Lng);
  return { lat: input.Lat, lng: input.Lng, publicLat: shown.lat, publicLng: shown.lng };
}

/** The `Location` of `row` as answered: exact when `exact` (the listing's point, or the one given), else the public one; undefined without a point. */
export function toLocation(row: PointColumns, exact: ExactPoint | false | undefined): Location | undefined {
  if (row.lat === null || row.lng === null || row.publicLat === null || row.publicLng === null) return undefined;
  if (exact === true) return { Lat: row.lat, Lng: row.lng, Approximate: false };
  if (exact) return { Lat: exact.lat, Lng: exact.lng, Approximate: false };
  return { Lat: row.publicLat, Lng: row.publicLng, Approximate: true };
}

/**
 * Which exact point each of `rows` shows `viewerId` at `now`: the donor, and the requester
 * the donor accepted (while Accepted), see the listing's point; the requester of a
 * hand-over sees the point stored at that hand-over, until `HANDOVER_POINT_MS` after it,
 * never a point the donor set later; everyone else gets the public point. One query for
 * the whole page.
 * @returns the exact point of a row, or undefined for the public one.
 */
export async function exactPointVisibility(
  db: Database,
  viewerId: string | undefined,
  rows: FoodRow[],
  now: Date,
): Promise<(row: FoodRow) => ExactPoint | undefined> {
  if (!viewerId) return () => undefined;
  const others = rows.filter((r) => r.donorId !== viewerId && r.lat !== null).map((r) => r.id);
  const shown = new Map<string, ExactPoint>();
  if (others.length) {
    const since = new Date(now.getTime() - HANDOVER_POINT_MS);
    const found = await db
      .select({ foodId: requests.foodId, status: requests.status, lat: requests.handoverLat, lng: requests.handoverLng })
      .from(requests)
      .where(
        and(
          eq(requests.requesterId, viewerId),
          inArray(requests.foodId, others),
          or(eq(requests.status, 'Accepted'), and(eq(requests.status, 'Delivered'), gt(requests.deliveredAt, since), isNotNull(requests.handoverLat))),
        ),
      );
    for (const f of found) {
      if (f.status === 'Accepted') shown.set(f.foodId, true);
      else if (!shown.has(f.foodId) && f.lat !== null && f.lng !== null) shown.set(f.foodId, { lat: f.lat, lng: f.lng });
    }
  }
  return (row) => (row.donorId === viewerId ? true : shown.get(row.id));
}
