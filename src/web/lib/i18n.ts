/**
 * The interface language (docs/translating.md): Lingui's `i18n`, activated with a locale's
 * compiled catalog, loaded lazily (one chunk per locale, `en` included: the home page's first
 * JavaScript carries no messages). The page starts in `<html lang>`, which the server sets from the
 * `lang` cookie, the account's language or `Accept-Language` (src/contract/locales.ts).
 */
import { i18n, type Messages } from '@lingui/core';
import { isLocale, LANG_COOKIE, LOCALE_INFO, SOURCE_LOCALE, type Locale } from '../../contract/locale-codes.js';

/** A shipped locale, or `pseudo` (accented, longer and bracketed texts for the tests). */
export type UiLocale = Locale | 'pseudo';

// One explicit import per locale so each compiled catalog is its own chunk.
const CATALOGS: Record<UiLocale, () => Promise<{ messages: Messages }>> = {
  en: () => import('../locales/en.json?lingui'),
  de: () => import('../locales/de.json?lingui'),
  fr: () => import('../locales/fr.json?lingui'),
  es: () => import('../locales/es.json?lingui'),
  ar: () => import('../locales/ar.json?lingui'),
  pseudo: () => import('../locales/pseudo.json?lingui'),
};

/** `value` as a locale the client can show: a shipped one or `pseudo`; else `en`. */
export function toUiLocale(value: string | null | undefined): UiLocale {
  return value === 'pseudo' || isLocale(value) ? value : SOURCE_LOCALE;
}

/** The locale `<html lang>` names (set by the server before the first paint). */
export function documentLocale(): UiLocale {
  return toUiLocale(document.documentElement.lang);
}

/** The locale whose catalog is active (`en` before the first). */
export function activeLocale(): UiLocale {
  return toUiLocale(i18n.locale);
}

/** The BCP 47 tag `Intl` formats with: `pseudo` formats as `en`. */
export function intlLocale(locale: UiLocale = activeLocale()): string {
  return locale === 'pseudo' ? SOURCE_LOCALE : locale;
}

/** Loads `locale`'s compiled catalog and activates it; every `useLingui()` component re-renders. */
export async function activateLocale(locale: UiLocale): Promise<void> {
  const { messages } = await CATALOGS[locale]();
  i18n.loadAndActivate({ locale, messages });
}

/** Sets `<html lang dir>` for `locale` (`pseudo` is left to right). */
export function setDocumentLocale(locale: UiLocale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = locale === 'pseudo' ? 'ltr' : LOCALE_INFO[locale].dir;
}

/** Remembers `locale` for visitors: the `lang` cookie, for a year, sent with every same-site page load. */
export function rememberLocale(locale: UiLocale): void {
  document.cookie = `${LANG_COOKIE}=${locale}; path=/; max-age=${365 * 24 * 3600}; SameSite=Lax`;
}

export { i18n };

/**
 * Switches the interface to `locale` without a reload: the `lang` cookie, `<html lang dir>`, the
 * catalog; for a signed-in person also `PUT /api/account/language` (mails and pushes follow it;
 * a failure is ignored, the cookie still holds the choice).
 */
export async function chooseLocale(locale: UiLocale, signedIn: boolean): Promise<void> {
  rememberLocale(locale);
  setDocumentLocale(locale);
  if (signedIn && locale !== 'pseudo') {
    void fetch('/api/account/language', {
      method: 'PUT',
      credentials: 'include',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ Language: locale }),
    }).catch(() => undefined);
  }
  await activateLocale(locale);
}
