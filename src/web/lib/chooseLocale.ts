/**
 * The language picker's work (docs/translating.md): switching the interface to another locale without a
 * reload, and remembering the choice. Only the picker imports it, so it stays out of the entry chunk.
 */
import { LANG_COOKIE, LOCALE_INFO } from '../../contract/locale-codes.js';
import { activateLocale, type UiLocale } from './i18n.js';

/** Sets `<html lang dir>` for `locale` (`pseudo` is left to right). */
function setDocumentLocale(locale: UiLocale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = locale === 'pseudo' ? 'ltr' : LOCALE_INFO[locale].dir;
}

/** Remembers `locale` for visitors: the `lang` cookie, for a year, sent with every same-site page load. */
function rememberLocale(locale: UiLocale): void {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie, not text
  document.cookie = `${LANG_COOKIE}=${locale}; path=/; max-age=${365 * 24 * 3600}; SameSite=Lax`;
}

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
  await activateLocale(locale, { all: true });
}
