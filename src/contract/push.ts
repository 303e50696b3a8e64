/**
 * Web Push: `/api/push/public-key`, `/api/push-subscriptions`,
 * `/api/push-preferences`, and the payload every push carries.
 */
import { z } from 'zod';
import { EmailPreferences } from './notifications.js';

/** Answer of `GET /push/public-key`: the VAPID public key (base64url) for `applicationServerKey`. */
export const PushPublicKey = z.object({ publicKey: z.string() });
export type PushPublicKey = z.infer<typeof PushPublicKey>;

/** Base64url text of exactly `bytes` bytes (padding allowed). */
const base64url = (bytes: number) =>
  z
    .string()
    .regex(/^[A-Za-z0-9_-]+={0,2}$/, { error: 'must be base64url' })
    .refine((v) => v.replace(/=+$/, '').length === Math.ceil((bytes * 4) / 3), { error: `must hold ${bytes} bytes` });

/** The browser's subscription, as `PushSubscription.toJSON()` gives it (the endpoint's address is checked by the server). */
export const PushSubscriptionInput = z.object({
  endpoint: z.url({ protocol: /^https$/, error: 'must be an https URL' }).max(2000),
  expirationTime: z.number().nullish(),
  keys: z.object({ p256dh: base64url(65), auth: base64url(16) }),
});
export type PushSubscriptionInput = z.infer<typeof PushSubscriptionInput>;

/** Body of `DELETE /push-subscriptions`: the endpoint of the device that turns push off. */
export const PushSubscriptionDelete = z.object({ endpoint: z.string().min(1).max(2000) });

/** Which notification kinds push: the keys of the email preferences (all true until changed). */
export const PushPreferences = EmailPreferences;
export type PushPreferences = z.infer<typeof PushPreferences>;

/** What a push message holds (small: no email addresses): the notification's words, the page it opens, its collapse tag. */
export const PushPayload = z.object({ Title: z.string(), Body: z.string(), Link: z.string(), Tag: z.string() });
export type PushPayload = z.infer<typeof PushPayload>;
