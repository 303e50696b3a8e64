/**
 * The API's limits and fixed lists, free of zod so the web client can import them
 * without bundling zod: the zod schemas of this folder, the server and the web
 * forms all read them from here. Text limits (docs/security.md) are: names ≤ 120,
 * location ≤ 200, notes ≤ 1000, donation text ≤ 50.
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
  /** A message of a conversation, after trimming. */
  message: 2000,
  quantityMin: 1,
  quantityMax: 10_000,
  /** A listing's optional approximate weight, kg (`FoodWeightKg`): more than 0, at most this. */
  weightKgMin: 0.001,
  weightKgMax: 10_000,
} as const;

/**
 * Request statuses (SPEC.md §4 `Pending`/`Delivered`; the others Plateful's), in the order
 * a request goes through them: `Pending` → `Accepted` (the donor picked this requester)
 * → `Delivered`; or `Declined` (by the donor) / `NoShow` (accepted, never came).
 */
export const REQUEST_STATUSES = ['Pending', 'Accepted', 'Delivered', 'Declined', 'NoShow'] as const;

/** Photos per listing: `FoodImage` plus up to this many in `FoodGallery`. */
export const FOOD_GALLERY_MAX = 4;

/** Notification types: read by the contract's `NotificationType` and the `notifications.type` column. */
export const NOTIFICATION_TYPES = [
  'request.created',
  'request.delivered',
  'request.cancelled',
  'food.deleted',
  'message.created',
  'request.accepted',
  'request.declined',
  'request.no_show',
  'food.collected',
  'food.expired',
  'pickup.reminder',
  'pickup.check',
  'moderation.notice',
  'alert.match',
  'wanted.answered',
  'wanted.match',
] as const;

/** Request statuses that still wait for the food: the requester may cancel them, the donor move them on. */
export const OPEN_REQUEST_STATUSES = ['Pending', 'Accepted'] as const;

/** Whether request `status` is one of `OPEN_REQUEST_STATUSES`. */
export const isOpenRequestStatus = (status: string): boolean => (OPEN_REQUEST_STATUSES as readonly string[]).includes(status);

/**
 * Listing statuses as answers show them (`FoodStatus`): `Available`,
 * `Reserved` (a request is accepted; others may still queue), `Collected` (given
 * away) or `Expired` (its date has passed). A withdrawn listing is deleted (404).
 */
export const FOOD_STATUSES = ['Available', 'Reserved', 'Collected', 'Expired'] as const;

/** Listing statuses the public lists (featured, available, search) show. */
export const LISTED_FOOD_STATUSES = ['Available', 'Reserved'] as const;

/** Whether listing `status` is one of `LISTED_FOOD_STATUSES`. */
export const isListedFoodStatus = (status: string): boolean => (LISTED_FOOD_STATUSES as readonly string[]).includes(status);

/**
 * Request statuses in which the requester reads the donor's address:
 * once the donor has accepted the request or marked it delivered, never while it
 * is only asked for, declined or cancelled, so requesting and cancelling harvests
 * no addresses. The donor always sees the requesters' addresses (SPEC.md §2
 * /manage-food: the email column).
 */
export const DONOR_EMAIL_STATUSES = ['Accepted', 'Delivered'] as const satisfies ReadonlyArray<(typeof REQUEST_STATUSES)[number]>;

/** Search radius (km), place-name queries and answers. */
export const PLACES = {
  radiusMinKm: 1,
  radiusMaxKm: 50,
  /** Radius of `near` when `radiusKm` is absent. */
  radiusDefaultKm: 10,
  queryMin: 3,
  queryMax: 100,
  /** Most places one `GET /api/places` answers. */
  results: 10,
  /** Longest name of a saved home area (a place label such as "your location, near Lyon, France"). */
  homeNameMax: 200,
} as const;

/** Why something is reported. `Other` needs details. */
export const REPORT_REASONS = ['Spam', 'Selling', 'UnsafeFood', 'Harassment', 'NoShow', 'PersonalInformation', 'Other'] as const;
/** What can be reported. */
export const REPORT_TARGETS = ['food', 'user', 'message', 'wanted'] as const;
/** Moderator actions. */
export const MODERATION_ACTIONS = ['Dismiss', 'Hide', 'Restore', 'Ban', 'Unban', 'MakeModerator', 'VoidImpact', 'Demote'] as const;
/** Ban lengths a moderator picks, days; no `Days` bans for good. */
export const BAN_DAYS = [1, 7, 30] as const;
/** Feedback after a hand-over. */
export const FEEDBACK_RATINGS = ['Positive', 'Negative'] as const;
export const FEEDBACK_REASONS = ['NoShow', 'NotAsDescribed', 'Late', 'Rude', 'Other'] as const;

/** Bounds of pickup windows and recurring offers. */
export const PICKUP = {
  /** Windows on one listing. */
  windowsMax: 20,
  /** Longest window, hours. */
  windowHoursMax: 24 * 7,
  /** Largest `Capacity` (pickups one window holds). */
  capacityMax: 1000,
} as const;

/** Bounds of Wanted posts. */
export const WANTED = {
  /** Days a post stays open when `ExpiresAt` is absent. */
  defaultDays: 14,
  /** Latest `ExpiresAt`, days from now. */
  maxDays: 30,
  /** Days an expired post stays for its poster (`mine=true`) before the lifecycle sweep deletes it. */
  keepExpiredDays: 30,
  /** Hours an answering listing is offered to the poster first (others' requests wait). */
  offerHours: 2,
  /** Page size of `GET /wanted`: default and largest `limit`. */
  defaultLimit: 50,
  maxLimit: 100,
} as const;

/** Radius of an alert (a saved search), km: smallest, largest and the default (without a home area). */
export const ALERT_RADIUS_KM = { min: 0.5, max: 50, default: 5 } as const;
