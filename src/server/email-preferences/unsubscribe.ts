/**
 * One-click unsubscribe links (RFC 8058): a token names a user and one
 * mail type, signed with HMAC-SHA-256 under the auth secret, so `POST`ing the link
 * turns that type off without signing in and nobody can forge one for someone else.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { EmailPreferenceKey } from '../../contract/index.js';

const KEYS: EmailPreferenceKey[] = ['NewRequests', 'RequestUpdates', 'Messages'];

function sign(secret: string, data: string): string {
  return createHmac('sha256', secret).update(`unsubscribe:${data}`).digest('base64url');
}

/** The token of `userId` and mail type `key`: `base64url(userId:key).signature`. */
export function unsubscribeToken(secret: string, userId: string, key: EmailPreferenceKey): string {
  const data = Buffer.from(`${userId}:${key}`).toString('base64url');
  return `${data}.${sign(secret, data)}`;
}

/** Reads a token made by `unsubscribeToken`; undefined when malformed or not signed with `secret`. */
export function readUnsubscribeToken(secret: string, token: string): { userId: string; key: EmailPreferenceKey } | undefined {
  const [data, signature, extra] = token.split('.');
  if (!data || !signature || extra !== undefined) return undefined;
  const expected = Buffer.from(sign(secret, data));
  const given = Buffer.from(signature);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return undefined;
  const decoded = Buffer.from(data, 'base64url').toString();
  const cut = decoded.lastIndexOf(':');
  const key = decoded.slice(cut + 1) as EmailPreferenceKey;
  if (cut < 1 || !KEYS.includes(key)) return undefined;
  return { userId: decoded.slice(0, cut), key };
}

/** The unsubscribe URL for `List-Unsubscribe` (an API path under `publicUrl`). */
export function unsubscribeUrl(publicUrl: string, secret: string, userId: string, key: EmailPreferenceKey): string {
  return `${publicUrl}/api/email-preferences/unsubscribe?token=${unsubscribeToken(secret, userId, key)}`;
}
