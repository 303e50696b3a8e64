/**
 * Writes the pseudo-locale's catalogs (`src/web/locales/pseudo/*.json`, docs/translating.md) from the
 * source catalogs: every text accented, 30 % longer and in brackets ('Home' → '[Ĥöɱé~~]'), ICU
 * arguments (`{name}`, `#`), plural and select keywords and rich-text tags (`<0>…</0>`) kept as
 * they are, so a text left out of the catalog shows plainly in the tests (tests/e2e/i18n.spec.ts).
 * Run by `npm run i18n:extract`.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../src/web/locales');
const ACCENTS: Record<string, string> = Object.fromEntries(
  [...'aàbƀcçdđeéfƒgĝhĥiîjĵkķlĺmɱnñoöpþqǫrŕsštţuûvṽwŵxẋyýzžAÅBƁCÇDĐEÉFƑGĜHĤIÎJĴKĶLĹMṀNÑOÖPÞQǪRŔSŠTŢUÛVṼWŴXẊYÝZŽ'].reduce<[string, string][]>(
    (pairs, ch, i, all) => (i % 2 === 0 ? [...pairs, [ch, all[i + 1]!]] : pairs),
    [],
  ),
);

/** Accents the plain text of an ICU message from `start` up to its closing `}` (or the end); returns the text and where it stopped. */
function walk(message: string, start: number, inPlural: boolean): [string, number] {
  let out = '';
  let i = start;
  while (i < message.length) {
    const ch = message[i]!;
    if (ch === '}') return [out, i];
    if (ch === '<') {
      const end = message.indexOf('>', i);
      out += message.slice(i, end + 1);
      i = end + 1;
    } else if (ch === '#' && inPlural) {
      out += ch;
      i += 1;
    } else if (ch === '{') {
      const [argument, next] = walkArgument(message, i + 1);
      out += `{${argument}}`;
      i = next + 1;
    } else {
      out += ACCENTS[ch] ?? ch;
      i += 1;
    }
  }
  return [out, i];
}

/** An argument after its `{`: `name`, or `name, plural|select|selectordinal, key {text} …` with each text accented. */
function walkArgument(message: string, start: number): [string, number] {
  const head = /^\s*[\w.]+\s*(,\s*(plural|select|selectordinal)\s*,)?/.exec(message.slice(start))!;
  let out = head[0];
  let i = start + head[0].length;
  if (!head[1]) {
    const end = message.indexOf('}', i);
    return [out + message.slice(i, end), end];
  }
  while (i < message.length && message[i] !== '}') {
    const key = /^\s*[^\s{]+\s*/.exec(message.slice(i))![0];
    out += key;
    i += key.length;
    const [text, end] = walk(message, i + 1, head[2] !== 'select');
    out += `{${text}}`;
    i = end + 1;
    const space = /^\s*/.exec(message.slice(i))![0];
    out += space;
    i += space.length;
  }
  return [out, i];
}

/**
 * `message` pseudo-localised: accented, bracketed and padded to 130 % of its length, the padding in runs
 * of at most six tildes with a space between, where a line may break as between a translation's words.
 */
export function pseudoLocalize(message: string): string {
  const [text] = walk(message, 0, false);
  const padding = '~'.repeat(Math.ceil(message.length * 0.3)).replace(/~{6}(?=~)/g, '$& ');
  return `[${text}${padding}]`;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const catalog of readdirSync(path.join(DIR, 'en'))) {
    const source = JSON.parse(readFileSync(path.join(DIR, 'en', catalog), 'utf8')) as Record<string, string>;
    const pseudo = Object.fromEntries(Object.entries(source).map(([id, message]) => [id, pseudoLocalize(message)]));
    writeFileSync(path.join(DIR, 'pseudo', catalog), `${JSON.stringify(pseudo, null, 2)}\n`);
  }
}
