/**
 * The languages Plateful ships (docs/translating.md): their BCP 47 codes, names in their own
 * language and writing direction. No zod here: the web client's first JavaScript imports this
 * file (src/web/lib/i18n.ts); the bodies of the language API are in `locales.ts`.
 */

/** Shipped locales, the source locale (`en`, SPEC.md's texts) first. */
export const LOCALES = ['en', 'de', 'fr', 'es', 'ar'] as const;
/** One of `LOCALES`. */
export type Locale = (typeof LOCALES)[number];
/** The locale of SPEC.md's texts, and the last fallback of the negotiation. */
export const SOURCE_LOCALE: Locale = 'en';
/** The cookie the language picker sets (a `Locale`), read before the account's language and `Accept-Language`. */
export const LANG_COOKIE = 'lang';

/** Each shipped locale's own name and writing direction. */
export const LOCALE_INFO: Readonly<Record<Locale, { name: string; dir: 'ltr' | 'rtl' }>> = {
  en: { name: 'English', dir: 'ltr' },
  de: { name: 'Deutsch', dir: 'ltr' },
  fr: { name: 'Français', dir: 'ltr' },
  es: { name: 'Español', dir: 'ltr' },
  ar: { name: 'العربية', dir: 'rtl' },
};

/** True when `value` is a shipped locale's code. */
export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/**
 * The message catalogs of the web client (lingui.config.ts): `core` (the frame and the home page's first screen),
 * `common` (what most pages show after their first screen: the footer, the signed-in controls, the food cards,
 * the app's status), `home` (the home page's lower sections), `session` (a signed-in person's notices
 * and bell), `shared` (what pages of several groups show: the problems' texts, dialogs, the place finder…) and
 * one per group of pages (`auth`, `account`, `foods`, `requests`, `notifications`, `wanted`, `moderation`): each
 * page's are in the contract's table (routes.ts `catalogPartsAt`).
 */
export type CatalogPart =
  | 'core'
  | 'common'
  | 'home'
  | 'session'
  | 'shared'
  | 'auth'
  | 'account'
  | 'foods'
  | 'requests'
  | 'notifications'
  | 'wanted'
  | 'moderation';

/** Every catalog, in the order of lingui.config.ts. */
export const CATALOG_PARTS: readonly CatalogPart[] = ['core', 'common', 'home', 'session', 'shared', 'auth', 'account', 'foods', 'requests', 'notifications', 'wanted', 'moderation'];
