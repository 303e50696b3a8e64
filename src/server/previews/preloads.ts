/**
 * `<link rel="modulepreload">` tags for the lazily loaded chunks a page renders with
 * (Lighthouse LCP). The built `index.html` only preloads the entry's static imports;
 * a `/food/{id}` or `/available-foods` page would otherwise fetch `QueryBoundary`, its
 * page chunk and its messages one after the other once the entry ran, and its largest
 * image waited ~1.9 s for them. Every other path but home gets the chunk of the other pages'
 * routes (contract `PAGE_ROUTES_MODULE`). The preloads ask for low priority: they still start with the
 * HTML, but the entry, the stylesheet and the first paint go first (Lighthouse's FCP on Available Foods
 * 2.1 → 1.8 s, LCP unchanged at 2.4 s). Every page also gets its language's catalogs
 * (src/web/lib/i18n.ts): `core` and that language's table of loaders for a language other than English,
 * and the parts the page shows (contract/routes.ts `catalogPartsAt`) but the home page's
 * lower sections. Files come from Vite's build manifest (`dist/web/.vite/manifest.json`,
 * vite.config.ts `build.manifest`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SOURCE_LOCALE, type CatalogPart, type Locale } from '../../contract/locale-codes.js';
import { catalogPartsAt, FOOTER_MODULE, PAGE_LIST, PAGES, UNKNOWN_PATH_MODULES, pageModules, pathRegExp } from '../../contract/routes.js';

/** Manifest key of the web client's table of `locale`'s catalogs (src/web/lib/catalogs/). */
const catalogsModule = (locale: Locale) => `lib/catalogs/${locale}.ts`;
/** Manifest key of `part` of `locale`'s compiled catalog. */
const catalogModule = (locale: Locale, part: string) => `locales/${locale}/${part}.json?lingui`;
/** English's parts the entry imports itself, without the table (src/web/lib/i18n.ts `SOURCE_CATALOGS`). */
const SOURCE_IN_ENTRY = new Set<CatalogPart>(['core', 'common', 'home']);

/**
 * The catalogs (manifest keys) a page at `pathname` in `locale` renders with: the parts it shows (the home page's
 * only when `home`: they load with its lower sections), `core` but in English (bundled), and the language's table
 * of loaders unless every part is one the English entry loads itself.
 */
export function catalogModules(pathname: string, locale: Locale, { home = false } = {}): string[] {
  const shown = pathname === PAGES.home.path && !home ? [] : catalogPartsAt(pathname);
  const parts: CatalogPart[] = locale === SOURCE_LOCALE ? shown : ['core', ...shown];
  const table = parts.some((part) => locale !== SOURCE_LOCALE || !SOURCE_IN_ENTRY.has(part)) ? [catalogsModule(locale)] : [];
  return [...table, ...parts.map((part) => catalogModule(locale, part))];
}

/** One entry of Vite's build manifest: the built file and the manifest keys it imports statically. */
export interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/** Vite's build manifest: source path (relative to src/web) → chunk. */
export type Manifest = Record<string, ManifestChunk>;

/** The lazily loaded modules (manifest keys) each previewed page of the contract's table needs before it can render. */
const ROUTE_MODULES: [RegExp, string[]][] = PAGE_LIST.filter(([, page]) => page.previewed).map(([, page]) => [
  pathRegExp(page.path),
  pageModules(page),
]);

/**
 * The lazily loaded modules to preload at `pathname`: a previewed page's, none at home, else
 * the routes of the other pages (their page chunks load once the session is known).
 */
function routeModules(pathname: string): { route: string; modules: string[] } {
  const route = ROUTE_MODULES.findIndex(([pattern]) => pattern.test(pathname));
  if (route >= 0) return { route: String(route), modules: [...ROUTE_MODULES[route]![1], FOOTER_MODULE] };
  return pathname === PAGES.home.path ? { route: 'home', modules: [] } : { route: 'other', modules: [...UNKNOWN_PATH_MODULES, FOOTER_MODULE] };
}

/**
 * The built JS and CSS files of manifest `keys` and of everything they import
 * statically. Throws when a key is not in `manifest` (a renamed page).
 */
export function chunkFiles(manifest: Manifest, keys: string[]): { js: Set<string>; css: Set<string> } {
  const js = new Set<string>();
  const css = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build manifest`);
    if (js.has(chunk.file)) return;
    js.add(chunk.file);
    chunk.css?.forEach((c) => css.add(c));
    chunk.imports?.forEach(visit);
  };
  keys.forEach(visit);
  return { js, css };
}

/**
 * Per page path (no query) and language: the preload tags of the lazy chunks and catalogs
 * that the entry does not already load, from the manifest in `webDist`; '' when the client
 * is not built. The manifest is read at the first call, not at start.
 */
export function routePreloads(webDist: string): (pathname: string, locale: Locale) => string {
  let manifest: Manifest | null | undefined;
  let entry: Set<string> | undefined;
  const tags = (keys: string[]) => {
    if (manifest === undefined) {
      const file = path.join(webDist, '.vite/manifest.json');
      manifest = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Manifest) : null;
      entry = manifest ? new Set([...Object.values(chunkFiles(manifest, ['index.html'])).flatMap((files) => [...files])]) : undefined;
    }
    if (!manifest || !entry) return '';
    const { js, css } = chunkFiles(manifest, keys);
    return [
      ...[...css].filter((f) => !entry!.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}" />`),
      ...[...js].filter((f) => !entry!.has(f)).map((f) => `<link rel="modulepreload" crossorigin fetchpriority="low" href="/${f}" />`),
    ].join('\n    ');
  };
  const made = new Map<string, string>();
  return (pathname, locale) => {
    const { route, modules } = routeModules(pathname);
    const key = `${route}:${catalogPartsAt(pathname).join()}:${locale}`;
    let html = made.get(key);
    if (html === undefined) {
      html = tags([...modules, ...catalogModules(pathname, locale)]);
      made.set(key, html);
    }
    return html;
  };
}
