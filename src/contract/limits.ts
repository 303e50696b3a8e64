/**
 * The API's limits and fixed lists, free of zod so the web client can import them
 * without bundling zod: the zod schemas of this folder, the server and the web
 * forms all read them from here. Text limits follow issue "Security" (names ≤ 120,
 * location ≤ 200, notes ≤ 1000, donation text ≤ 50); the rest are ours.
 */

/** Lengths in characters, and the quantity range of a listing. */
export const LIMITS = {
  /** Food names and display names. */
  name: 120,
  location: 200,
  notes: 1000,
  donation: 50,
  /** Image and photo URLs. */
  url: 2048,
  search: 120,
  /** An email address (RFC 5321's path limit). */
  email: 254,
  /** Better Auth's `minPasswordLength`. */
  passwordMin: 6,
  quantityMin: 1,
  quantityMax: 10_000,
} as const;

/** Request statuses shown by the product (SPEC.md §4), in the order a request goes through them. */
export const REQUEST_STATUSES = ['Pending', 'Delivered'] as const;

/** Issue "Near me": search radius (km), place-name queries and answers. */
export const PLACES = {
  radiusMinKm: 1,
  radiusMaxKm: 50,
  /** Radius of `near` when `radiusKm` is absent. */
  radiusDefaultKm: 10,
  queryMin: 3,
  queryMax: 100,
  /** Most places one `GET /api/places` answers. */
  results: 10,
} as const;
