/**
 * The interface language (docs/translating.md): Lingui's `i18n`, activated with a locale's
 * compiled catalog: English's `core` catalog is bundled (an English page renders at once, never
 * after a chunk), every other catalog is its own lazily loaded chunk. The page starts in `<html lang>`, which the server sets from the
 * `lang` cookie, the account's language or `Accept-Language` (src/contract/locales.ts).
 */
import { use, type ReactNode } from 'react';
import { i18n, type Messages } from '@lingui/core';
import { isLocale, LANG_COOKIE, SOURCE_LOCALE, type CatalogPart, type Locale } from '../../contract/locale-codes.js';
import { messages as sourceCore } from '../locales/en/core.json?lingui';

/** A shipped locale, or `pseudo` (accented, longer and bracketed texts for the tests). */
export type UiLocale = Locale | 'pseudo';

type Catalog = () => Promise<{ messages: Messages }>;

export type { CatalogPart };

/**
 * English's catalogs of the home page, which the entry imports itself: `core` bundled, the others each their own
 * chunk. English's others are in its table of loaders, as every other language's are.
 */
const SOURCE_CATALOGS: Partial<Record<CatalogPart, Catalog>> = {
  core: () => Promise.resolve({ messages: sourceCore }),
  common: () => import('../locales/en/common.json?lingui'),
  home: () => import('../locales/en/home.json?lingui'),
};

/**
 * Each language's table of loaders (`catalogs/{locale}.ts`; English's without the parts above), a chunk of its own,
 * so the entry's size does not grow with the number of catalogs and a visitor fetches only their language's.
 */
const TABLES: Record<UiLocale, () => Promise<{ CATALOGS: Partial<Record<CatalogPart, Catalog>> }>> = {
  en: () => import('./catalogs/en.js'),
  de: () => import('./catalogs/de.js'),
  fr: () => import('./catalogs/fr.js'),
  es: () => import('./catalogs/es.js'),
  ar: () => import('./catalogs/ar.js'),
  pseudo: () => import('./catalogs/pseudo.js'),
};

/**
 * `part` of `locale`'s catalog: one the English entry imports itself, else through the language's table of loaders,
 * loaded with its first such catalog; a page served in that language preloads it (src/server/previews/preloads.ts).
 */
function catalog(locale: UiLocale, part: CatalogPart): Promise<{ messages: Messages }> {
  const source = locale === 'en' && SOURCE_CATALOGS[part];
  if (source) return source();
  return TABLES[locale]().then(({ CATALOGS }) => CATALOGS[part]!());
}

/** The locale being shown, or being loaded by {@link activateLocale}: the one whose catalogs are loaded on demand. */
let target: UiLocale = SOURCE_LOCALE;
/** Every part asked for so far, besides `core`: a change of language loads them again in the new locale. */
const wanted = new Set<CatalogPart>();
/** Settles once each `locale:parts` is loaded and added to `i18n` (one promise per key, so `use()` can wait on it). */
const loads = new Map<string, Promise<unknown>>();

/** Loads `parts` of `locale` (once), adds them to `i18n`; a failed load is logged and settles (the ids show). */
function load(locale: UiLocale, parts: CatalogPart[]): Promise<unknown> {
  const key = `${locale}:${parts.join()}`;
  let loading = loads.get(key);
  if (!loading) {
    loading =
      parts.length === 1
        ? catalog(locale, parts[0]!)
            .then(({ messages }) => i18n.load(locale, messages))
            .catch((err: unknown) => console.error(err))
        : Promise.all(parts.map((part) => load(locale, [part])));
    // Marked as React's `use()` reads a settled promise, so a page whose texts have loaded renders without suspending.
    const marked = loading as Promise<unknown> & { status?: string };
    void loading.then(() => void (marked.status = 'fulfilled'));
    loads.set(key, loading);
  }
  return loading;
}

/** Loads `parts` of the shown locale (and of any locale chosen later); settles when they are in `i18n`. */
export function loadMessages(parts: CatalogPart[]): Promise<unknown> {
  for (const part of parts) wanted.add(part);
  return load(target, parts);
}

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
 * The catalogs another language starts loading for the current path besides `core`: the home page's `home`, any other
 * page's `common`. A page's others are in the table of pages (contract routes.ts `catalogPartsAt`), out of the entry:
 * the page waits for them (app/PageRoutes.tsx), and the server's HTML preloads them all.
 */
const firstParts = (): CatalogPart[] => (window.location.pathname === '/' ? ['home'] : ['common']);

/**
 * Activates English at once from its `core` catalog, bundled with the entry (about 1.5 KB gzip), so an
 * English page renders without waiting for a chunk. A page's other catalogs load with it (app/routes.tsx
 * `preparePage`); the home page's, with its lower sections after the first paint.
 */
export function activateSourceLocale(): void {
  i18n.load(SOURCE_LOCALE, sourceCore);
  i18n.activate(SOURCE_LOCALE);
}

/**
 * Loads `locale`'s `core` catalog and activates it (every `useLingui()` component re-renders); the catalogs
 * the current page starts with (or `parts`) load beside it and are added when they arrive; `all: true` waits for
 * them and for every part asked for so far (a change of language).
 */
export async function activateLocale(locale: UiLocale, { all = false, parts }: { all?: boolean; parts?: CatalogPart[] } = {}): Promise<void> {
  target = locale;
  for (const part of parts ?? firstParts()) wanted.add(part);
  const others = Promise.all([...wanted].map((part) => load(locale, [part])));
  await load(locale, ['core']);
  if (all) await others;
  i18n.activate(locale);
}

/** Renders `children` once `parts` of the shown locale are loaded (suspends meanwhile): every page but home. */
export function PageMessages({ parts, children }: { parts: CatalogPart[]; children: ReactNode }): ReactNode {
  use(loadMessages(parts));
  return children;
}

/**
 * `importer` (a lazily loaded page or part) that also waits for its catalogs `parts`, so it never renders before
 * its texts: the two load side by side.
 */
export function withMessages<T>(importer: () => Promise<T>, parts: CatalogPart[]): () => Promise<T> {
  return () => Promise.all([importer(), loadMessages(parts)]).then(([module]) => module);
}

export { i18n };
