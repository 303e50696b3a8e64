/**
 * The interface language (docs/translating.md): Lingui's `i18n`, activated with a locale's
 * compiled catalog: English's `core` catalog is bundled (an English page renders at once, never
 * after a chunk), every other catalog is its own lazily loaded chunk. The page starts in `<html lang>`, which the server sets from the
 * `lang` cookie, the account's language or `Accept-Language` (src/contract/locales.ts).
 */
import { use, type ReactNode } from 'react';
import { i18n, type Messages } from '@lingui/core';
import { isLocale, LANG_COOKIE, LOCALE_INFO, SOURCE_LOCALE, type Locale } from '../../contract/locale-codes.js';
import { messages as sourceCore } from '../locales/en/core.json?lingui';

/** A shipped locale, or `pseudo` (accented, longer and bracketed texts for the tests). */
export type UiLocale = Locale | 'pseudo';

type Catalog = () => Promise<{ messages: Messages }>;
// One explicit import per locale and catalog so each compiled catalog is its own chunk: `core` (the frame and
// the home page, awaited before the first render) and `pages` (every other page's texts).
const CATALOGS: Record<UiLocale, { core: Catalog; pages: Catalog }> = {
  en: { core: () => Promise.resolve({ messages: sourceCore }), pages: () => import('../locales/en/pages.json?lingui') },
  de: { core: () => import('../locales/de/core.json?lingui'), pages: () => import('../locales/de/pages.json?lingui') },
  fr: { core: () => import('../locales/fr/core.json?lingui'), pages: () => import('../locales/fr/pages.json?lingui') },
  es: { core: () => import('../locales/es/core.json?lingui'), pages: () => import('../locales/es/pages.json?lingui') },
  ar: { core: () => import('../locales/ar/core.json?lingui'), pages: () => import('../locales/ar/pages.json?lingui') },
  pseudo: { core: () => import('../locales/pseudo/core.json?lingui'), pages: () => import('../locales/pseudo/pages.json?lingui') },
};

/** Settles once the active locale's `pages` catalog is loaded (see {@link withPageMessages}). */
let pagesLoaded: Promise<unknown> = Promise.resolve();

/** `value` as a locale the client can show: a shipped one or `pseudo`; else `en`. */
export function toUiLocale(value: string | null | undefined): UiLocale {
  return value === 'pseudo' || isLocale(value) ? value : SOURCE_LOCALE;
}

/**
 * The locale `<html lang>` names (set by the server before the first paint), or `pseudo` when the
 * `lang` cookie asks for it (the tests' pseudo-locale, which the server does not negotiate).
 */
export function documentLocale(): UiLocale {
  if (new RegExp(`(?:^|; )${LANG_COOKIE}=pseudo(?:;|$)`).test(document.cookie)) return 'pseudo';
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

/**
 * Activates English at once from its `core` catalog, bundled with the entry (about 2 KB gzip),
 * so an English page renders without waiting for a chunk; its `pages` catalog loads beside.
 */
export function activateSourceLocale(): void {
  pagesLoaded = CATALOGS.en
    .pages()
    .then(({ messages }) => i18n.load(SOURCE_LOCALE, messages))
    .catch((err: unknown) => console.error(err));
  i18n.load(SOURCE_LOCALE, sourceCore);
  i18n.activate(SOURCE_LOCALE);
}

/**
 * Loads `locale`'s `core` catalog and activates it (every `useLingui()` component re-renders); its
 * `pages` catalog loads beside it and is added when it arrives (`pages: true` waits for it too).
 */
export async function activateLocale(locale: UiLocale, { pages = false } = {}): Promise<void> {
  const loadingPages = CATALOGS[locale]
    .pages()
    .then(({ messages }) => i18n.load(locale, messages))
    .catch((err: unknown) => console.error(err));
  pagesLoaded = loadingPages;
  const { messages } = await CATALOGS[locale].core();
  if (pages) await loadingPages;
  i18n.load(locale, messages);
  i18n.activate(locale);
}

/** Renders `children` once the `pages` catalog is loaded (suspends meanwhile): every page but home. */
export function PageMessages({ children }: { children: ReactNode }): ReactNode {
  use(pagesLoaded);
  return children;
}

/**
 * `importer` (a lazily loaded page or part) that also waits for the `pages` catalog, so it never
 * renders before its texts: the two load side by side.
 */
export function withPageMessages<T>(importer: () => Promise<T>): () => Promise<T> {
  return () => Promise.all([importer(), pagesLoaded]).then(([module]) => module);
}

/** Sets `<html lang dir>` for `locale` (`pseudo` is left to right). */
export function setDocumentLocale(locale: UiLocale): void {
  document.documentElement.lang = locale;
  document.documentElement.dir = locale === 'pseudo' ? 'ltr' : LOCALE_INFO[locale].dir;
}

/** Remembers `locale` for visitors: the `lang` cookie, for a year, sent with every same-site page load. */
export function rememberLocale(locale: UiLocale): void {
  // eslint-disable-next-line lingui/no-unlocalized-strings -- a cookie, not text
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
  await activateLocale(locale, { pages: true });
}
