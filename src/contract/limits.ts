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

/**
 * Request statuses in which the requester reads the donor's address (issue 17):
 * once the donor has taken the request up, never while it is only asked for, so
 * requesting and cancelling harvests no addresses. The donor always sees the
 * requesters' addresses (SPEC.md §2 /manage-food: the email column).
 */
export const DONOR_EMAIL_STATUSES = ['Delivered'] as const satisfies ReadonlyArray<(typeof REQUEST_STATUSES)[number]>;
