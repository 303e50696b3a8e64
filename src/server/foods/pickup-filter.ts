/**
 * The pickup-time filter of the available list (docs/api.md "Pickup windows"): listings
 * with a window overlapping [from, until), read per listing or from the window side.
 */
import { sql, type Placeholder, type SQL } from 'drizzle-orm';
import { foods } from '../db/schema/index.js';
import { pickupWindows } from './schema.js';

/** A pickup-time filter: ISO instants, either end may be open. */
export interface PickupFilter {
  from?: string;
  until?: string;
}

/**
 * Has a window overlapping [`from`, `until`) (a null placeholder is an open end),
 * probed per listing in `pickup_windows_food_idx` as the list's index walks the listings.
 */
const windowOverlaps = (from: Placeholder, until: Placeholder) =>
  sql`exists (select 1 from ${pickupWindows} w where w.food_id = ${foods.id}
  and w.ends_at > coalesce(${from}::timestamptz, '-infinity') and w.starts_at < coalesce(${until}::timestamptz, 'infinity'))`;

/**
 * The same for a narrow interval, read from the window side: the windows overlapping it come
 * from the GiST index `pickup_windows_span_idx`, once, and their listings by primary key,
 * then sorted. Near-term windows belong to listings that expire soon, the last ones a
 * newest-first walk reaches: probing each listing read some 83 000 of the 100 000-listing
 * fixture for 25 rows (docs/benchmarks.md). The array subquery is what keeps the planner on
 * this side: it cannot count the array, so it does not weigh the walk against it.
 */
const windowsOverlapping = (from: Placeholder, until: Placeholder) =>
  sql`${foods.id} = any(array(select w.food_id from ${pickupWindows} w
  where tstzrange(w.starts_at, w.ends_at) && tstzrange(${from}::timestamptz, ${until}::timestamptz)))`;

/** The longest interval read from the window side (either end open: read per listing). */
export const NARROW_PICKUP_MS = 31 * 24 * 3_600_000;

/** How a pickup filter is applied: none, per listing, or from the window side (narrow). */
export type PickupShape = 'none' | 'each' | 'windows';

/** The shape of pickup filter `pickup` (see {@link NARROW_PICKUP_MS}). */
export function pickupShape(pickup: PickupFilter | undefined): PickupShape {
  if (!pickup) return 'none';
  if (!pickup.from || !pickup.until) return 'each';
  return Date.parse(pickup.until) - Date.parse(pickup.from) <= NARROW_PICKUP_MS ? 'windows' : 'each';
}

/** The condition of pickup filter shape `shape` on placeholders `from` and `until`. */
export function pickupCondition(shape: Exclude<PickupShape, 'none'>, from: Placeholder, until: Placeholder): SQL {
  return shape === 'windows' ? windowsOverlapping(from, until) : windowOverlaps(from, until);
}
