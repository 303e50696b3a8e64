/**
 * Notifications, their live events and email preferences:
 * `/api/notifications`, `/api/events`, `/api/email-preferences`.
 */
import { z } from 'zod';
import { Id } from './common.js';
import { NOTIFICATION_TYPES } from './limits.js';

/**
 * What happened: to the donor `request.created`/`request.cancelled`, to the requester
 * `request.delivered`/`food.deleted`, to the other party `message.created`; to
 * the requester `request.accepted`/`request.declined`/`request.no_show`/`food.collected`,
 * to the donor and open requesters `food.expired`; to both sides of an accepted request
 * `pickup.reminder` (1 hour before its pickup time), to the donor `pickup.check` ("Was it
 * collected?", 24 hours after the pickup time or the acceptance); to the owner of a saved
 * search (alerts) `alert.match`, linking to the new listing that matches it.
 */
export const NotificationType = z.enum(NOTIFICATION_TYPES);
export type NotificationType = z.infer<typeof NotificationType>;

/** A notification; `Link` is a path of the web app, `ReadAt` null while unread; instants in ISO 8601 UTC. */
export const Notification = z.object({
  _id: z.string(),
  Type: NotificationType,
  Title: z.string(),
  Body: z.string(),
  Link: z.string(),
  CreatedAt: z.string(),
  ReadAt: z.string().nullable(),
});
export type Notification = z.infer<typeof Notification>;

/** Page size of `GET /notifications`: default and largest `limit`. */
export const NOTIFICATIONS_DEFAULT_LIMIT = 20;
export const NOTIFICATIONS_MAX_LIMIT = 100;

/**
 * Query of `GET /notifications`: `cursor` is the `X-Next-Cursor` of the previous
 * page (the id of its last notification; the next page starts after it).
 */
export const NotificationsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(NOTIFICATIONS_MAX_LIMIT).optional(),
  cursor: Id.optional(),
});

/** Answer of `GET /notifications/unread-count`, and data of the `unread` event. */
export const UnreadCount = z.object({ count: z.number().int() });
export type UnreadCount = z.infer<typeof UnreadCount>;

/** Body of `POST /notifications/read`: some ids, or all. */
export const MarkReadInput = z.union([
  z.strictObject({ ids: z.array(Id).min(1).max(100) }),
  z.strictObject({ all: z.literal(true) }),
]);
export type MarkReadInput = z.infer<typeof MarkReadInput>;

/** Answer of `POST /notifications/read`. */
export const MarkReadResult = z.object({ acknowledged: z.literal(true), modifiedCount: z.number().int() });

/** Which mails a user gets (all true by default). */
export const EmailPreferences = z.strictObject({
  NewRequests: z.boolean(),
  RequestUpdates: z.boolean(),
  Messages: z.boolean(),
});
export type EmailPreferences = z.infer<typeof EmailPreferences>;

/** A mail type one can unsubscribe from: a field of `EmailPreferences`. */
export type EmailPreferenceKey = keyof EmailPreferences;
