/**
 * Which shipped locale a person reads (docs/translating.md "Choosing the language"):
 * the `lang` cookie the language picker sets, then the signed-in person's account
 * language, then the browser's `Accept-Language` (RFC 9110 §12.5.4; a region falls
 * back to its language, `fr-CA` → `fr`), then English.
 */
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyRequest } from 'fastify';
import { isLocale, LANG_COOKIE, LOCALES, SOURCE_LOCALE, type Locale } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { languageOf } from './repository.js';

/** The shipped locale `header` (an `Accept-Language` value) prefers, or undefined. */
export function fromAcceptLanguage(header: string | undefined): Locale | undefined {
  if (!header) return undefined;
  const exact = negotiate(header.slice(0, 1000), [...LOCALES]);
  if (isLocale(exact)) return exact;
  // Each range by its primary language subtag, weights kept: `fr-CA;q=0.8` → `fr;q=0.8`.
  const primary = header.slice(0, 1000).replace(/(^|,)\s*([a-zA-Z]{1,8})-[a-zA-Z0-9-]*/g, '$1$2');
  const loose = negotiate(primary, [...LOCALES]);
  return isLocale(loose) ? loose : undefined;
}

/** The value of the `lang` cookie of `cookieHeader` when it names a shipped locale. */
export function fromCookie(cookieHeader: string | undefined): Locale | undefined {
  const match = cookieHeader?.match(new RegExp(`(?:^|;\\s*)${LANG_COOKIE}=([^;]*)`));
  const value = match?.[1]?.trim();
  return isLocale(value) ? value : undefined;
}

/** The locale of a request: cookie, then `account` (the signed-in person's stored language, if any), then `Accept-Language`, then English. */
export function negotiateLocale(req: Pick<FastifyRequest, 'headers'>, account?: Locale | null): Locale {
  return fromCookie(req.headers.cookie) ?? account ?? fromAcceptLanguage(req.headers['accept-language']) ?? SOURCE_LOCALE;
}

/**
 * The locale of a page request (server-rendered HTML and link previews): the cookie, else
 * the signed-in person's stored language (one session lookup, only when a cookie came), else
 * `Accept-Language`, else English.
 */
export async function pageLocale(db: Database, req: FastifyRequest): Promise<Locale> {
  const chosen = fromCookie(req.headers.cookie);
  if (chosen) return chosen;
  const user = req.headers.cookie ? await req.sessionUser().catch(() => null) : null;
  return negotiateLocale(req, user ? await languageOf(db, user.id) : null);
}

/**
 * The locale of a mail to `userId` outside a notification (verification, reset, lock, ban):
 * their chosen language, else what the request that caused it negotiates (its `lang` cookie
 * and `Accept-Language`, a Fetch `Headers`), else English.
 */
export async function recipientLocale(db: Database, userId: string, headers?: Headers | null): Promise<Locale> {
  const chosen = await languageOf(db, userId);
  if (chosen) return chosen;
  const h = { cookie: headers?.get('cookie') ?? undefined, 'accept-language': headers?.get('accept-language') ?? undefined };
  return negotiateLocale({ headers: h });
}
