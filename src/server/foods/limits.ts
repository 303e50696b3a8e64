/** Listing limits of one account, counted in `limit_counters` (http/limits.ts `limited`). */
import type { AccountCounter } from '../http/limits.js';

/** New listings one account may add a day (key `listings:<userId>`); past it a 429 with the window's `Retry-After`. */
export const LISTINGS_PER_DAY = { max: 30, windowSeconds: 24 * 60 * 60 } as const;

/** The counters of a new listing. */
export const LISTING_COUNTERS: AccountCounter[] = [{ name: 'listings', limit: LISTINGS_PER_DAY }];
