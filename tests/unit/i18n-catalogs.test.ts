// The message catalogs of the web client (docs/translating.md): every message of a fresh extract is in
// the source catalog and translated in every shipped locale and the pseudo-locale, no catalog keeps a
// message the code no longer uses, and every translation has the source's ICU arguments and tags.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { getCatalogs } from '@lingui/cli/api';
import { getConfig } from '@lingui/conf';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { beforeAll, describe, expect, it } from 'vitest';
import { CATALOG_PARTS, LOCALES } from '../../src/contract/locale-codes.js';

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
beforeAll(async () => {
  const config = getConfig({ cwd: ROOT, configPath: path.join(ROOT, 'lingui.config.ts') });
  extracted = {};
  for (const catalog of await getCatalogs(config)) {
    const name = path.basename(catalog.path);
    extracted[name] = new Set(Object.keys((await catalog.collect()) ?? {}));
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
