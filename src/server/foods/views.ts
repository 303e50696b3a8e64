/**
 * What a listing's answer needs beside its own row, as columns of the statement that
 * reads the row, so a page or a detail is one round trip whoever asks:
 * - `windows`: its pickup windows, each with what is left of its capacity (docs/api.md
 *   "Pickup windows");
 * - for a signed-in viewer (placeholders `viewerId` and `pointSince`): whether their
 *   request for it lets them read the donor's email (`DONOR_EMAIL_STATUSES`, SPEC.md §7)
 *   and which exact point they see (points.ts: the accepted requester the listing's,
 *   a hand-over's requester the hand-over's until `HANDOVER_POINT_MS` after it).
 * `viewOf` turns those columns into the `PlaceView` and email flag of `toFood`.
 */
import { eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { DONOR_EMAIL_STATUSES, type PickupWindow } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { flatRows, stableStatement } from '../db/prepared.js';
import { foods } from '../db/schema/index.js';
import { HANDOVER_POINT_MS, type ExactPoint } from './points.js';
import { notBlockedCondition } from './visibility.js';

type FoodRow = typeof foods.$inferSelect;

/** Placeholders of the viewer's columns. */
export const VIEWER = { id: sql.placeholder('viewerId'), pointSince: sql.placeholder('pointSince') };

/** A window as the `windows` column carries it: start, end (JSON timestamps), capacity, pickups taken. */
type WindowCells = [string, string, number | null, number];
/** The viewer's request as the `viewerPoint` column carries it: status, hand-over point. */
type PointCells = ['Accepted' | 'Delivered', number | null, number | null];

/** The view columns of a row read as `foodId` (a column or `"alias"."id"`). */
export interface ViewColumns {
  windows: WindowCells[] | null;
  viewerRequested?: boolean;
  viewerPoint?: PointCells | null;
}

/** Request statuses whose `PickupAt` takes a place in a window (its `Left`, and windows.ts's acceptance rule). */
export const TAKING = ['Accepted', 'Delivered'] as const;
const inList = (values: readonly string[]) => sql.raw(values.map((s) => `'${s}'`).join(', '));

/**
 * The view columns' SQL for the listing whose id is `foodId`; with `viewer`, also the
 * viewer's (placeholders `viewerId`, `pointSince`), named in snake case (a subquery's
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
  if (viewer) {
    const mine = sql`from requests v where v.food_id = ${foodId} and v.requester_id = ${VIEWER.id}`;
    columns.viewerRequested = sql`exists (select 1 ${mine} and v.status in (${inList(DONOR_EMAIL_STATUSES)}))`;
    // The accepted request's point first, else a recent hand-over's (two probes of the food's requests, no sort).
    columns.viewerPoint = sql`coalesce((select json_build_array('Accepted', null, null) ${mine} and v.status = 'Accepted' limit 1),
      (select json_build_array(v.status, v.handover_lat, v.handover_lng) ${mine} and v.status = 'Delivered'
        and v.delivered_at > ${VIEWER.pointSince}::timestamptz and v.handover_lat is not null limit 1))`;
  }
  const named = Object.fromEntries(Object.entries(columns).map(([k, v]) => [k, v.as(k.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`))]));
  return named as unknown as { windows: SQL<WindowCells[] | null> };
}

/** The viewer's placeholder values at instant `now` (undefined viewer: none). */
export function viewerValues(viewerId: string | undefined, now: Date): Record<string, unknown> {
  return viewerId ? { viewerId, pointSince: new Date(now.getTime() - HANDOVER_POINT_MS).toISOString() } : {};
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
  const [row] = await query.execute({ id, ...viewerValues(viewerId, now) });
  return row as ListingRow | undefined;
}
