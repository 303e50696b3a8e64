/**
 * `<link rel="modulepreload">` tags for the lazily loaded chunks a public data page
 * renders with (Lighthouse LCP). The built `index.html` only preloads the
 * entry's static imports; a `/food/{id}` or `/available-foods` page would otherwise
 * fetch `QueryBoundary` and its page chunk one after the other once the entry ran,
 * and its largest image waited ~1.9 s for them. Files come from Vite's build
 * manifest (`dist/web/.vite/manifest.json`, vite.config.ts `build.manifest`).
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PAGE_LIST, pageModules, pathRegExp } from '../../contract/routes.js';

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
 * Per page path (no query): the preload tags of its lazy chunks that the entry does
 * not already load, from the manifest in `webDist`; '' for other paths or when the
 * client is not built. The manifest is read at the first call, not at start.
 */
export function routePreloads(webDist: string): (pathname: string) => string {
  let tags: [RegExp, string][] | undefined;
  const load = (): [RegExp, string][] => {
    const file = path.join(webDist, '.vite/manifest.json');
    if (!existsSync(file)) return [];
    const manifest = JSON.parse(readFileSync(file, 'utf8')) as Manifest;
    const entry = chunkFiles(manifest, ['index.html']);
    return ROUTE_MODULES.map(([pattern, keys]) => {
      const { js, css } = chunkFiles(manifest, keys);
      const links = [
        ...[...css].filter((f) => !entry.css.has(f)).map((f) => `<link rel="stylesheet" crossorigin href="/${f}" />`),
        ...[...js].filter((f) => !entry.js.has(f)).map((f) => `<link rel="modulepreload" crossorigin href="/${f}" />`),
      ];
      return [pattern, links.join('\n    ')];
    });
  };
  return (pathname) => (tags ??= load()).find(([pattern]) => pattern.test(pathname))?.[1] ?? '';
}
