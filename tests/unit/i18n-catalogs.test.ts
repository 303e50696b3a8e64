// The message catalogs of the web client (docs/translating.md): every message of a fresh extract is in
// the source catalog and translated in every shipped locale and the pseudo-locale, no catalog keeps a
// message the code no longer uses, and every translation has the source's ICU arguments and tags; every
// text a page (or the frame around it) can show is in a catalog that page loads.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_PARTS, LOCALES } from '../../src/contract/locale-codes.js';
import { catalogPartsAt, PAGE_LIST, PAGE_ROUTES_MODULE, pageModules } from '../../src/contract/routes.js';
import { reached } from './web-imports.js';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CATALOGS = CATALOG_PARTS;
const TRANSLATED = [...LOCALES.filter((l) => l !== 'en'), 'pseudo'];

const read = (locale: string, catalog: string) =>
  JSON.parse(readFileSync(path.join(ROOT, 'src/web/locales', locale, `${catalog}.json`), 'utf8')) as Record<string, string>;

/** The argument names (`{name}`, plural and select arguments) and rich-text tags of an ICU message, sorted. */
function argumentsOf(message: string): string[] {
  const names = new Set<string>();
  const walk = (tokens: unknown): void => {
    if (typeof tokens === 'string') {
      for (const m of tokens.matchAll(/<\/?(\d+)\/?>/g)) names.add(`<${m[1]}>`);
      return;
    }
    if (!Array.isArray(tokens)) return; // a plural's `offset`
    for (const token of tokens as unknown[]) {
      if (typeof token === 'string') walk(token);
      else {
        const [name, , branches] = token as [string, string?, Record<string, unknown>?];
        names.add(String(name));
        if (branches && typeof branches === 'object') for (const branch of Object.values(branches)) walk(branch);
      }
    }
  };
  walk(compileMessage(message));
  return [...names].sort();
}

let extracted: Record<string, Set<string>>;
/** Source file (absolute) → the catalogs holding its messages. */
const catalogsOf = new Map<string, Set<string>>();
beforeAll(async () => {
  const config = getConfig({ cwd: ROOT, configPath: path.join(ROOT, 'lingui.config.ts') });
  extracted = {};
  for (const catalog of await getCatalogs(config)) {
    const name = path.basename(catalog.path);
    const messages = (await catalog.collect()) ?? {};
    extracted[name] = new Set(Object.keys(messages));
    for (const { origin } of Object.values(messages))
      for (const [file] of origin ?? []) {
        const full = path.resolve(ROOT, file);
        catalogsOf.set(full, (catalogsOf.get(full) ?? new Set()).add(name));
      }
  }
}, 60_000);

describe('message catalogs', () => {
  for (const catalog of CATALOGS) {
    it(`${catalog}: the source catalog holds exactly the messages the code uses`, () => {
      const source = Object.keys(read('en', catalog)).sort();
      expect(source, 'run npm run i18n:extract').toEqual([...extracted[catalog]!].sort());
    });

    for (const locale of TRANSLATED) {
      it(`${catalog}: ${locale} translates every message, with the source's arguments and tags`, () => {
        const source = read('en', catalog);
        const translated = read(locale, catalog);
        expect(Object.keys(translated).sort(), 'unused or missing keys').toEqual(Object.keys(source).sort());
        for (const [id, message] of Object.entries(source)) {
          const translation = translated[id];
          expect(translation, `${locale} lacks "${message}"`).toBeTruthy();
          expect(argumentsOf(translation!), `${locale}: "${translation}" for "${message}"`).toEqual(argumentsOf(message));
        }
      });
    }
  }
});

const web = (module: string) => path.join(ROOT, 'src/web', module);
/** Shows the server's own text while its catalog (`shared`) is not loaded, so a page may reach it without. */
const FALLS_BACK = new Set([web('lib/problemText.ts')]);

/** Each text reached from `modules` with catalogs `parts` that is in none of the catalogs loaded where it shows. */
function outOfReach(modules: string[], parts: string[], beyond: string[] = []): string[] {
  const wrong = new Set<string>();
  for (const module of modules)
    for (const { file, parts: loaded } of reached(web(module), parts, new Set(beyond.map(web)))) {
      const holders = [...(catalogsOf.get(file) ?? [])];
      if (holders.length && !FALLS_BACK.has(file) && !holders.some((h) => loaded.includes(h)))
        wrong.add(`${path.relative(ROOT, file)} is in ${holders.join(', ')}; loaded there: ${loaded.join(', ')}`);
    }
  return [...wrong];
}

describe('each page loads the catalogs of the texts it shows (contract routes.ts catalogPartsAt, lingui.config.ts)', () => {
  it('the frame of every page (the entry, but the other pages)', () => {
    expect(outOfReach(['app/main.tsx'], ['core'], [PAGE_ROUTES_MODULE])).toEqual([]);
  });

  for (const [name, page] of PAGE_LIST) {
    it(`${name} (${page.path})`, () => {
      const modules = page.module ? pageModules(page).filter((m) => m !== PAGE_ROUTES_MODULE) : ['features/home/pages/HomePage.tsx'];
      expect(outOfReach(modules, ['core', ...catalogPartsAt(page.path.replace(/\{\w+\}/g, 'x'))])).toEqual([]);
    });
  }

  it('the 404 page', () => {
    expect(outOfReach(['app/NotFoundPage.tsx'], ['core', ...catalogPartsAt('/no/such/page')])).toEqual([]);
  });
});
