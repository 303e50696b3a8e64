/**
 * One-click unsubscribe links of alert mails (RFC 8058): a token names one alert,
 * signed with HMAC-SHA-256 under the auth secret, so `POST`ing the link turns that
 * alert's mail off without signing in, and nobody can forge one for another alert.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';

function sign(secret: string, alertId: string): string {
  return createHmac('sha256', secret).update(`alert-unsubscribe:${alertId}`).digest('base64url');
}

/** The token of alert `alertId`: `<alertId>.<signature>`. */
export function alertUnsubscribeToken(secret: string, alertId: string): string {
  return `${alertId}.${sign(secret, alertId)}`;
}

/** The alert id of a token made by `alertUnsubscribeToken`; undefined when malformed or not signed with `secret`. */
export function readAlertUnsubscribeToken(secret: string, token: string): string | undefined {
  const [alertId, signature, extra] = token.split('.');
  if (!alertId || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(secret, alertId));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  return alertId;
}

/** The unsubscribe URL of alert `alertId` for `List-Unsubscribe` (an API path under `publicUrl`). */
export function alertUnsubscribeUrl(publicUrl: string, secret: string, alertId: string): string {
  return `${publicUrl}/api/alerts/unsubscribe?token=${alertUnsubscribeToken(secret, alertId)}`;
}
