/**
 * What a listing's answer needs beside its own row, as columns of the statement that
 * reads the row, so a page or a detail is one round trip whoever asks:
 * - `windows`: its pickup windows, each with what is left of its capacity (docs/api.md
 *   "Pickup windows");
 * - for a signed-in viewer (placeholder `viewerId`): their requests for it in a `TAKING`
 *   status, one probe of the listing's requests. `readViewerRequests` turns them into whether
 *   they may read the donor's email (`DONOR_EMAIL_STATUSES`, SPEC.md §7) and which exact point
 *   they see (points.ts: the accepted requester the listing's, a hand-over's requester the
 *   hand-over's until `HANDOVER_POINT_MS` after it), `viewerColumnsFrom`.
 * `viewOf` turns those into the `PlaceView` and email flag of `toFood`.
 */
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { DONOR_EMAIL_STATUSES, type PickupWindow } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { flatRows, stableStatement } from '../db/prepared.js';
import { foods } from '../db/schema/index.js';
import { HANDOVER_POINT_MS, type ExactPoint } from './points.js';
import { notBlockedCondition } from './visibility.js';

type FoodRow = typeof foods.$inferSelect;

/** Placeholder of the viewer's columns. */
export const VIEWER = { id: sql.placeholder('viewerId') };

/** A window as the `windows` column carries it: start, end (JSON timestamps), capacity, pickups taken. */
type WindowCells = [string, string, number | null, number];
/** The viewer's exact point as `viewOf` reads it: the request's status, the hand-over's point. */
type PointCells = ['Accepted' | 'Delivered', number | null, number | null];
/** A viewer's request as the `viewerRequests` column carries it: status, hand-over point, delivered at (JSON timestamp). */
type RequestCells = [string, number | null, number | null, string | null];

/** One request of a viewer for a listing, in a `TAKING` status. */
export interface Taken {
  status: string;
  handoverLat: number | null;
  handoverLng: number | null;
  deliveredAt: Date | null;
}

/**
 * The view columns of a row read as `foodId` (a column or `"alias"."id"`): `windows`, and for
 * a viewer `viewerRequests` as read, `viewerRequested` and `viewerPoint` as `viewOf` reads them.
 */
export interface ViewColumns {
  windows: WindowCells[] | null;
  viewerRequests?: RequestCells[] | null;
  viewerRequested?: boolean;
  viewerPoint?: PointCells | null;
}

/** Request statuses whose `PickupAt` takes a place in a window (its `Left`, and windows.ts's acceptance rule). */
export const TAKING = ['Accepted', 'Delivered'] as const;
const inList = (values: readonly string[]) => sql.raw(values.map((s) => `'${s}'`).join(', '));

/**
 * The view columns' SQL for the listing whose id is `foodId`; with `viewer`, also the
 * viewer's requests for it (placeholder `viewerId`), named in snake case (a subquery's
 * columns must be named; the raw benchmark server reads them by name). Typed by
 * `windows` alone: rows read with them are {@link ViewColumns}.
 */
export function viewColumns(foodId: SQL, viewer: boolean): { windows: SQL<WindowCells[] | null> } {
  const columns: Record<string, SQL> = {
    windows: sql`(select json_agg(json_build_array(w.starts_at, w.ends_at, w.capacity,
      case when w.capacity is null then 0 else (select count(*)::int from requests t where t.food_id = w.food_id
        and t.status in (${inList(TAKING)}) and t.pickup_at >= w.starts_at and t.pickup_at < w.ends_at) end))
      from pickup_windows w where w.food_id = ${foodId})`,
  };
  // One probe of the listing's requests (docs/benchmarks.md "The search"); the rules that read them are viewerColumnsFrom's.
  if (viewer)
    columns.viewerRequests = sql`(select json_agg(json_build_array(v.status, v.handover_lat, v.handover_lng, v.delivered_at))
      from requests v where v.food_id = ${foodId} and v.requester_id = ${VIEWER.id} and v.status in (${inList(TAKING)}))`;
  const named = Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, v.as(k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))]));
  return named as unknown as { windows: SQL<WindowCells[] | null> };
}

/**
 * `viewerRequested` and `viewerPoint` of a listing for a viewer whose requests for it in a
 * `TAKING` status are `mine`, at `now`: requested when any is (`DONOR_EMAIL_STATUSES`, SPEC.md §7);
 * the point an accepted request's, else that of a hand-over less than `HANDOVER_POINT_MS` old
 * with a point (points.ts).
 */
export function viewerColumnsFrom(mine: Taken[] | undefined, now: Date): Pick<ViewColumns, 'viewerRequested' | 'viewerPoint'> {
  if (!mine?.length) return { viewerRequested: false, viewerPoint: null };
  const viewerRequested = mine.some((r) => (DONOR_EMAIL_STATUSES as readonly string[]).includes(r.status));
  if (mine.some((r) => r.status === 'Accepted')) return { viewerRequested, viewerPoint: ['Accepted', null, null] };
  const since = now.getTime() - HANDOVER_POINT_MS;
  const handover = mine.find((r) => r.status === 'Delivered' && r.deliveredAt !== null && r.deliveredAt.getTime() > since && r.handoverLat !== null);
  return { viewerRequested, viewerPoint: handover ? ['Delivered', handover.handoverLat, handover.handoverLng] : null };
}

/** Fills `viewerRequested` and `viewerPoint` of `rows` read with a viewer's columns from their `viewerRequests`, at `now`. */
export function readViewerRequests<R extends ViewColumns>(rows: R[], now: Date): R[] {
  for (const row of rows) {
    const mine = row.viewerRequests?.map(([status, handoverLat, handoverLng, at]) => ({ status, handoverLat, handoverLng, deliveredAt: at === null ? null : new Date(at) }));
    Object.assign(row, viewerColumnsFrom(mine, now));
  }
  return rows;
}

/**
 * The `windows` column as answered (`PickupWindows`, instants in UTC ISO 8601, in start
 * order: sorted here, as an ordered aggregate costs a sort node per listing on PostgreSQL 16+).
 */
export function toWindows(cells: WindowCells[] | null): PickupWindow[] {
  const byStart = (cells ?? []).map(([start, end, capacity, taken]) => [Date.parse(start), Date.parse(end), capacity, taken] as const);
  return byStart.sort((a, b) => a[0] - b[0]).map(([start, end, capacity, taken]) => ({
    Start: new Date(start).toISOString(),
    End: new Date(end).toISOString(),
    ...(capacity === null ? {} : { Capacity: capacity, Left: Math.max(0, capacity - Number(taken)) }),
  }));
}

/**
 * How `viewerId` sees a row read with view columns: may they read the donor's email,
 * which exact point (points.ts `ExactPoint`, undefined for the public one), its windows.
 * The donor sees both.
 */
export function viewOf(
  row: ViewColumns & { donorId: string },
  viewerId: string | undefined,
): { showEmail: boolean; exactPoint: ExactPoint | undefined; windows: PickupWindow[] } {
  const windows = toWindows(row.windows);
  if (viewerId !== undefined && row.donorId === viewerId) return { showEmail: true, exactPoint: true, windows };
  const point = row.viewerPoint;
  const exactPoint = !point ? undefined : point[0] === 'Accepted' ? true : point[1] !== null && point[2] !== null ? { lat: point[1], lng: point[2] } : undefined;
  return { showEmail: row.viewerRequested === true, exactPoint, windows };
}

/**
 * The statement of one listing by id (placeholder `id`) with its view columns and, with
 * `viewer`, `blocked`: a block stands between the viewer and the donor, either way.
 * Exported so the benchmark's raw server runs the same SQL.
 */
export function listingQuery(db: Database, viewer: boolean) {
  const blocked = sql<boolean>`${viewer ? sql`not (${notBlockedCondition(VIEWER.id)})` : sql`false`}`.as('blocked');
  return db
    .select({ ...getTableColumns(foods), ...viewColumns(sql`${foods.id}`, viewer), blocked })
    .from(foods)
    .where(eq(foods.id, sql.placeholder('id')));
}

/** A listing read by {@link listingQuery}. */
export type ListingRow = FoodRow & ViewColumns & { blocked: boolean };

/** Listing `id` with what `viewerId` (undefined: a visitor) sees of it at `now`, in one statement; undefined when it does not exist. */
export async function findListing(db: Database, id: string, viewerId: string | undefined, now: Date): Promise<ListingRow | undefined> {
  const viewer = viewerId !== undefined;
  const query = stableStatement(db, `foods_one_${viewer}`, (d, as) => flatRows(listingQuery(d, viewer).prepare(as)));
  const rows = (await query.execute({ id, viewerId })) as ListingRow[];
  return (viewer ? readViewerRequests(rows, now) : rows)[0];
}
