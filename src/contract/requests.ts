/** Food requests: body, query and answer schemas of `/api/requests` (SPEC.md §3, §7). */
import { z } from 'zod';
import { Id, LIMITS, Person, REQUEST_STATUSES, Standing, optionalText } from './common.js';
import { Donator, FoodQuantity } from './foods.js';

/** Request statuses (SPEC.md §4). */
export const RequestStatus = z.enum(REQUEST_STATUSES);
export type RequestStatus = z.infer<typeof RequestStatus>;

/**
 * Body of `POST /requests`. Only `FoodId`, `AdditionalNotes` and `DonationMoney`
 * are read; the other fields of the spec's request object are accepted and
 * ignored, because the server copies them from the food and the session
 * (DESIGN.md "The API"). Any other field is refused.
 */
export const RequestInput = z.strictObject({
  FoodId: Id,
  AdditionalNotes: optionalText(LIMITS.notes),
  DonationMoney: optionalText(LIMITS.donation, { line: true }),
  /** The pickup time the requester would like (ISO 8601 instant), inside one of the listing's windows. */
  PickupAt: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).optional(),
  _id: z.unknown().optional(),
  FoodName: z.unknown().optional(),
  FoodImage: z.unknown().optional(),
  FoodQuantity: z.unknown().optional(),
  PickupLocation: z.unknown().optional(),
  ExpiredDateTime: z.unknown().optional(),
  Donator: z.unknown().optional(),
  Requester: z.unknown().optional(),
  RequestDate: z.unknown().optional(),
  Status: z.unknown().optional(),
});
export type RequestInput = z.input<typeof RequestInput>;

/**
 * Body of `PATCH /requests/{id}`, by the food's donor (SPEC.md §7 `{Status:'Delivered'}`;
 * the other statuses Plateful's): `Accepted` with an optional pickup time (ISO 8601 instant) and
 * note; `Declined` with an optional reason; `NoShow`; `Delivered`, where `SomeLeft`
 * keeps the listing open and `FoodQuantity` is then what is left of it.
 */
export const RequestStatusInput = z.discriminatedUnion('Status', [
  z.strictObject({ Status: z.literal('Delivered'), SomeLeft: z.boolean().optional(), FoodQuantity: FoodQuantity.optional() }),
  z.strictObject({
    Status: z.literal('Accepted'),
    PickupAt: z.iso.datetime({ offset: true, error: 'must be an ISO 8601 date-time' }).nullish(),
    Note: optionalText(LIMITS.notes),
  }),
  z.strictObject({ Status: z.literal('Declined'), Reason: optionalText(LIMITS.notes) }),
  z.strictObject({ Status: z.literal('NoShow') }),
]);
export type RequestStatusInput = z.input<typeof RequestStatusInput>;
export type RequestStatusChange = z.output<typeof RequestStatusInput>;

/** Query of `GET /requests?email=`: the signed-in requester's own email. */
export const RequestsQuery = z.object({ email: z.string().trim().min(1).max(LIMITS.email) });

/** A request as the API answers it. `RequestDate` is an ISO 8601 UTC instant. */
export const FoodRequest = z.object({
  _id: z.string(),
  FoodId: z.string(),
  FoodName: z.string(),
  FoodImage: z.string(),
  PickupLocation: z.string(),
  ExpiredDateTime: z.string(),
  /**
   * `Email` is left out for the requester until the donor has taken the request up.
   * `Standing` in the requester's own list (`GET /requests?email=`).
   */
  Donator: Donator.extend({ Standing: Standing.optional() }),
  AdditionalNotes: z.string(),
  DonationMoney: z.string(),
  /** `Standing` in the donor's list of a food's requests (`GET /requests/{foodId}`). */
  Requester: Person.extend({ Standing: Standing.optional() }),
  RequestDate: z.string(),
  Status: RequestStatus,
  /** Once accepted: the agreed pickup time (ISO 8601 UTC instant), when one was set. */
  PickupAt: z.string().optional(),
  /** The time the requester chose (ISO 8601 UTC instant), when they chose one; accepting without `PickupAt` takes it. */
  RequestedPickupAt: z.string().optional(),
  /** The donor's note on accepting, when given. */
  Note: z.string().optional(),
  /** The donor's reason on declining, when given. */
  Reason: z.string().optional(),
});
export type FoodRequest = z.infer<typeof FoodRequest>;
