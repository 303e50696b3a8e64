/**
 * Calendar dates in the browser's local date format (SPEC.md §2 food detail: "expiry date
 * (local date format)"), without `Intl` where it can. The first date formatted
 * through `Intl` in a page builds ICU's date pattern generator: 80–140 ms of main thread on
 * the test machine, x4 under Lighthouse's mobile CPU slowdown, in the detail page's first
 * render. For the common locales below, `toLocaleDateString()`'s numeric date is written
 * from a pattern; any other locale still goes through `Intl`.
 * `tests/unit/local-date.test.ts` checks every pattern against `Intl`.
 */
import { YMD } from './dates.js';

/**
 * `toLocaleDateString(locale)` (year, month and day numeric) per `navigator.language`:
 * `D`/`M` the day and month, `DD`/`MM` zero-padded, `Y` the year. Locales are listed as
 * browsers report them; a language alone stands for its default region.
 */
export const LOCAL_DATE_PATTERNS: Readonly<Record<string, string>> = {
  en: 'M/D/Y',
  'en-US': 'M/D/Y',
  'en-GB': 'DD/MM/Y',
  'en-AU': 'DD/MM/Y',
  'en-CA': 'Y-MM-DD',
  'en-IE': 'D/M/Y',
  'en-IN': 'D/M/Y',
  'en-NZ': 'D/MM/Y',
  de: 'D.M.Y',
  'de-DE': 'D.M.Y',
  'de-AT': 'D.M.Y',
  'de-CH': 'D.M.Y',
  fr: 'DD/MM/Y',
  'fr-FR': 'DD/MM/Y',
  'fr-BE': 'DD/MM/Y',
  'fr-CA': 'Y-MM-DD',
  'fr-CH': 'DD.MM.Y',
  es: 'D/M/Y',
  'es-ES': 'D/M/Y',
  'es-MX': 'D/M/Y',
  'es-419': 'D/M/Y',
  it: 'DD/MM/Y',
  'it-IT': 'DD/MM/Y',
  nl: 'D-M-Y',
  'nl-NL': 'D-M-Y',
  'nl-BE': 'D/M/Y',
  pt: 'DD/MM/Y',
  'pt-BR': 'DD/MM/Y',
  'pt-PT': 'DD/MM/Y',
  sv: 'Y-MM-DD',
  'sv-SE': 'Y-MM-DD',
  da: 'D.M.Y',
  'da-DK': 'D.M.Y',
  nb: 'D.M.Y',
  'nb-NO': 'D.M.Y',
  fi: 'D.M.Y',
  'fi-FI': 'D.M.Y',
  pl: 'D.MM.Y',
  'pl-PL': 'D.MM.Y',
  ja: 'Y/M/D',
  'ja-JP': 'Y/M/D',
  'zh-CN': 'Y/M/D',
};

/**
 * A `YYYY-MM-DD` date as `pattern` of {@link LOCAL_DATE_PATTERNS} writes it, e.g.
 * `('2026-01-05', 'DD/MM/Y')` → '05/01/2026'. Input that is not such a date is returned unchanged.
 */
export function formatWithPattern(value: string, pattern: string): string {
  const m = YMD.exec(value);
  if (!m) return value;
  const [, y, mm, dd] = m as unknown as [string, string, string, string];
  const parts: Record<string, string> = { Y: String(Number(y)), MM: mm, M: String(Number(mm)), DD: dd, D: String(Number(dd)) };
  return pattern.replace(/DD|MM|[DMY]/g, (token) => parts[token] ?? token);
}

/**
 * A `YYYY-MM-DD` date in the browser's local date format, as `toLocaleDateString()` writes it:
 * from {@link LOCAL_DATE_PATTERNS} for `locale` (default `navigator.language`), else through
 * `Intl`. Unreadable input is returned unchanged.
 */
export function formatLocalDate(value: string, locale: string | undefined = globalThis.navigator?.language): string {
  const pattern = locale ? LOCAL_DATE_PATTERNS[locale] : undefined;
  if (pattern) return formatWithPattern(value, pattern);
  const m = YMD.exec(value);
  if (!m) return value;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).toLocaleDateString();
}
