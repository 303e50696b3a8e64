/**
 * The server's message catalog (docs/translating.md): the texts a person reads in
 * mails, pushes, notifications and link previews, in every shipped locale, through
 * Lingui (ICU MessageFormat: `{name}`, plural, select).
 *
 * Each feature declares its English source texts with `defineMessages(prefix, en)`;
 * the translations live in `locales/<locale>.json` under `<prefix>.<key>`, `en.json`
 * being the template translators start from (written by `npm run i18n:extract`).
 * A text missing from a locale falls back to English; `tests/unit/server-catalog.test.ts`
 * fails on any missing, unused or mismatched message.
 */
import { setupI18n, type I18n } from '@lingui/core';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { LOCALES, SOURCE_LOCALE, type Locale } from '../../contract/index.js';
import ar from './locales/ar.json' with { type: 'json' };
import de from './locales/de.json' with { type: 'json' };
import es from './locales/es.json' with { type: 'json' };
import fr from './locales/fr.json' with { type: 'json' };

/** Translations by locale, `<prefix>.<key>` → ICU message; English comes from the sources. */
const TRANSLATIONS: Readonly<Record<Exclude<Locale, 'en'>, Readonly<Record<string, string>>>> = { de, fr, es, ar };

/** Every English source text, `<prefix>.<key>` → ICU message, as the features declared them. */
export const SOURCE_MESSAGES = new Map<string, string>();

const instances = new Map<Locale, I18n>();
/** The Lingui instance of `locale`, made once. */
function i18nOf(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    const messages = locale === 'en' ? {} : TRANSLATIONS[locale];
    i18n = setupI18n({ locale, messages: { [locale]: messages } });
    i18n.setMessagesCompiler(compileMessage);
    instances.set(locale, i18n);
  }
  return i18n;
}

/** Values of a message's placeholders. */
export type MessageValues = Readonly<Record<string, string | number | undefined>>;

/** Says message `key` of a `defineMessages` group in `locale`, filled with `values`. */
export type Say<K extends string> = (locale: Locale, key: K, values?: MessageValues) => string;

/**
 * Declares a feature's source texts `en` (key → ICU message) under `prefix` and returns
 * the function that says them in a locale. Throws when a prefix is declared twice (a bug).
 */
export function defineMessages<const T extends Record<string, string>>(prefix: string, en: T): Say<Extract<keyof T, string>> {
  for (const [key, message] of Object.entries(en)) {
    const id = `${prefix}.${key}`;
    if (SOURCE_MESSAGES.has(id) && SOURCE_MESSAGES.get(id) !== message) throw new Error(`message ${id} declared twice`);
    SOURCE_MESSAGES.set(id, message);
  }
  return (locale, key, values) => {
    const id = `${prefix}.${key}`;
    return i18nOf(locale)._(id, values as Record<string, unknown> | undefined, { message: en[key] });
  };
}

/** The shipped locales' translations, for the catalog check and the extraction. */
export const translationsOf = (locale: Exclude<Locale, 'en'>): Readonly<Record<string, string>> => TRANSLATIONS[locale];

/** Locales other than the source. */
export const TRANSLATED_LOCALES = LOCALES.filter((l): l is Exclude<Locale, 'en'> => l !== SOURCE_LOCALE);
