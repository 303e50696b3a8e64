/**
 * Limits of Wanted posts: they count against the listing limits of one account
 * (foods/limits.ts, key `listings:<userId>`), so posts and listings share one daily allowance.
 */
import { LISTING_COUNTERS, LISTINGS_PER_DAY } from '../foods/limits.js';

/** The counters a new Wanted post counts against: the same as a new listing's. */
export const WANTED_COUNTERS = LISTING_COUNTERS;

/** The 429's words past the allowance. */
export const TOO_MANY_POSTS = `You can add at most ${LISTINGS_PER_DAY.max} listings and Wanted posts a day. Please try again later.`;
