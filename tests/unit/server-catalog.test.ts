// The server's message catalog (src/server/i18n/): en.json is exactly what the features
// declare, every shipped locale translates every message and nothing else, with the same
// placeholders, and every translation compiles as ICU MessageFormat.
import { readFileSync } from 'node:fs';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { describe, expect, it } from 'vitest';
import '../../src/server/app.js';
import { SOURCE_MESSAGES, TRANSLATED_LOCALES, translationsOf } from '../../src/server/i18n/catalog.js';

const catalog = (locale: string) => JSON.parse(readFileSync(new URL(`../../src/server/i18n/locales/${locale}.json`, import.meta.url), 'utf8')) as Record<string, string>;
/** The argument names of an ICU message: `{name}` and `{count, plural, …}`. */
const args = (message: string) => [...new Set([...message.matchAll(/\{\s*(\w+)\s*[,}]/g)].map(([, name]) => name!))].sort();

describe('the server catalog', () => {
  it('en.json is the declared sources (run npm run i18n:extract:server after changing a text)', () => {
    expect(catalog('en')).toEqual(Object.fromEntries(SOURCE_MESSAGES));
    expect(SOURCE_MESSAGES.size).toBeGreaterThan(50);
  });

  it.each(TRANSLATED_LOCALES)('%s translates every message, no unused one, with the same placeholders', (locale) => {
    const messages = catalog(locale);
    expect(Object.keys(messages).sort()).toEqual([...SOURCE_MESSAGES.keys()].sort());
    expect(translationsOf(locale)).toEqual(messages);
    for (const [id, source] of SOURCE_MESSAGES) {
      expect(args(messages[id]!), `${locale} ${id}`).toEqual(args(source));
      expect(() => compileMessage(messages[id]!), `${locale} ${id}`).not.toThrow();
      expect(messages[id]!.trim(), `${locale} ${id} is empty`).not.toBe('');
    }
  });
});
