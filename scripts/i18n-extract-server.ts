/**
 * `npm run i18n:extract:server`: writes the server catalog's template
 * `src/server/i18n/locales/en.json` from the English sources the features declare
 * (`defineMessages`, src/server/i18n/catalog.ts), and drops from every other locale's
 * file the messages no source declares any more. Prints what each locale still lacks.
 * The catalog check (tests/unit/server-catalog.test.ts) fails until the lacks are translated.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import '../src/server/app.js';
import { SOURCE_MESSAGES, TRANSLATED_LOCALES } from '../src/server/i18n/catalog.js';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/server/i18n/locales');
const sorted = (entries: Iterable<[string, string]>) => Object.fromEntries([...entries].sort(([a], [b]) => a.localeCompare(b)));
const write = (locale: string, messages: Record<string, string>) => writeFileSync(path.join(DIR, `${locale}.json`), `${JSON.stringify(messages, null, 2)}\n`);

write('en', sorted(SOURCE_MESSAGES));
for (const locale of TRANSLATED_LOCALES) {
  const current = JSON.parse(readFileSync(path.join(DIR, `${locale}.json`), 'utf8')) as Record<string, string>;
  const kept = Object.entries(current).filter(([id]) => SOURCE_MESSAGES.has(id));
  write(locale, sorted(kept));
  const lacking = [...SOURCE_MESSAGES.keys()].filter((id) => !(id in current));
  console.log(`${locale}: ${kept.length} of ${SOURCE_MESSAGES.size} translated${lacking.length ? `; missing: ${lacking.join(', ')}` : ''}`);
}
