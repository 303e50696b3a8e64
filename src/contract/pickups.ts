/**
 * When food can be picked up: a listing's pickup windows and time zone, and a
 * recurring offer's weekdays (docs/api.md "Pickup windows"). Instants are ISO 8601
 * with an offset; answers give them in UTC (`…Z`). The zone is an IANA name, used to
 * show the windows in the listing's local time and to repeat them on other days.
 */
import { z } from 'zod';
import { PICKUP } from './limits.js';

export { PICKUP };

/** True when `name` is an IANA time zone this runtime knows (`Europe/Berlin`, `UTC`). */
export function isTimeZone(name: string): boolean {
  if (name !== 'UTC' && !/^[A-Za-z]+(?:\/[A-Za-z0-9_+-]+){1,2}$/.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone name. */
export const TimeZoneName = z.string().max(64).refine(isTimeZone, { error: 'must be an IANA time zone such as Europe/Berlin' });

const Instant = z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time with an offset' });

/** One pickup window of a food body: `Start` before `End`, at most `PICKUP.windowHoursMax` long; `Capacity` pickups at most. */
export const PickupWindowInput = z
  .strictObject({
    Start: Instant,
    End: Instant,
    Capacity: z.number().int().min(1).max(PICKUP.capacityMax).optional(),
  })
  .refine((w) => Date.parse(w.End) > Date.parse(w.Start), { error: 'must end after it starts', path: ['End'] })
  .refine((w) => Date.parse(w.End) - Date.parse(w.Start) <= PICKUP.windowHoursMax * 3_600_000, {
    error: `must be at most ${PICKUP.windowHoursMax} hours long`,
    path: ['End'],
  });
export type PickupWindowInput = z.output<typeof PickupWindowInput>;

/** A listing's windows: at most `PICKUP.windowsMax`, none overlapping another (touching is fine). */
export const PickupWindowsInput = z
  .array(PickupWindowInput)
  .max(PICKUP.windowsMax, { error: `must hold at most ${PICKUP.windowsMax} windows` })
  .refine(
    (ws) => {
      const sorted = ws.map((w) => [Date.parse(w.Start), Date.parse(w.End)] as const).sort((a, b) => a[0] - b[0]);
      return sorted.every((w, i) => i === 0 || w[0] >= sorted[i - 1]![1]);
    },
    { error: 'windows must not overlap' },
  );

/**
 * A recurring offer (SPEC.md style): the listing repeats on these ISO weekdays
 * (1 = Monday … 7 = Sunday) with the same windows at the same local times, until
 * `Until` (`YYYY-MM-DD`, included) or for good; `null` makes it a one-off.
 */
export const RecurrenceInput = z.strictObject({
  Weekdays: z.array(z.number().int().min(1).max(7)).min(1).max(7).refine((d) => new Set(d).size === d.length, { error: 'must not repeat a day' }),
  Until: z.iso.date({ error: 'must be a date YYYY-MM-DD' }).optional(),
});
export type RecurrenceInput = z.output<typeof RecurrenceInput>;

/**
 * The pickup fields of `POST /foods` and `PUT /foods/{id}`, all optional: absent on
 * `PUT` keeps what the listing has (`[]` clears the windows, `null` stops a recurring offer).
 */
export const PICKUP_INPUT_FIELDS = {
  PickupWindows: PickupWindowsInput.optional(),
  TimeZone: TimeZoneName.optional(),
  /** Makes the listing a recurring offer (`POST`, or `PUT` of a one-off); on `PUT` of one of its listings `null` stops the offer. */
  Recurrence: RecurrenceInput.nullable().optional(),
};

/** A pickup window as answered: UTC instants; `Capacity` and `Left` (pickups still free) only when it has a capacity. */
export const PickupWindow = z.object({
  Start: z.string(),
  End: z.string(),
  Capacity: z.number().int().optional(),
  Left: z.number().int().optional(),
});
export type PickupWindow = z.infer<typeof PickupWindow>;

/** The pickup fields of every food answer: `[]` and the server's zone for a listing without windows. */
export const PICKUP_ANSWER_FIELDS = {
  PickupWindows: z.array(PickupWindow),
  TimeZone: z.string(),
  /** The recurring offer this listing belongs to (see `RecurringOffer`), when it is one of its listings. */
  SeriesId: z.string().optional(),
};

/** Where a recurring offer is: `Active` makes listings, `Paused` makes none until resumed, `Stopped` for good. */
export const RECURRENCE_STATUSES = ['Active', 'Paused', 'Stopped'] as const;

/** A recurring offer as `GET /api/recurring-offers` answers it (the donor's own). */
export const RecurringOffer = z.object({
  _id: z.string(),
  FoodName: z.string(),
  Weekdays: z.array(z.number().int()),
  Until: z.string().optional(),
  TimeZone: z.string(),
  Status: z.enum(RECURRENCE_STATUSES),
  /** The listing the offer copies (its first, or the newest left when that one was deleted). */
  FoodId: z.string().optional(),
});
export type RecurringOffer = z.infer<typeof RecurringOffer>;

/**
 * A donor's running recurring offer as anyone sees it on their public standing
 * (`GET /api/people/{userId}`): what, which weekdays until when, and the local times of
 * its pickup windows (`HH:mm` in `TimeZone`, from the listing it copies).
 */
export const PublicRecurringOffer = z.object({
  _id: z.string(),
  FoodName: z.string(),
  Weekdays: z.array(z.number().int()),
  Until: z.string().optional(),
  TimeZone: z.string(),
  Times: z.array(z.object({ Start: z.string(), End: z.string() })),
});
export type PublicRecurringOffer = z.infer<typeof PublicRecurringOffer>;

/**
 * Body of `PATCH /api/recurring-offers/{id}`: pause, resume or stop (stopping is final), and/or
 * new weekdays and end (`Until: null` repeats for good); at least one field. The days already
 * listed stay as they are.
 */
export const RecurringOfferStatusInput = z
  .strictObject({
    Status: z.enum(RECURRENCE_STATUSES).optional(),
    Weekdays: RecurrenceInput.shape.Weekdays.optional(),
    Until: RecurrenceInput.shape.Until.unwrap().nullable().optional(),
  })
  .refine((b) => b.Status !== undefined || b.Weekdays !== undefined || b.Until !== undefined, { error: 'must change Status, Weekdays or Until' });
export type RecurringOfferChange = z.output<typeof RecurringOfferStatusInput>;

/** `pickupFrom` / `pickupUntil` of `GET /foods`: listings with a window overlapping that interval. */
export const PICKUP_QUERY_FIELDS = {
  pickupFrom: Instant.optional(),
  pickupUntil: Instant.optional(),
};
