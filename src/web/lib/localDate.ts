/**
 * Calendar dates in the interface language's numeric date format (SPEC.md §2 food detail: "expiry
 * date (local date format)"), without `Intl` where it can. The first date formatted through `Intl`
 * in a page builds ICU's date pattern generator: 80–140 ms of main thread on the test machine, x4
 * under Lighthouse's mobile CPU slowdown, in the detail page's first render. For the shipped
 * locales written in Latin digits the numeric date is written from a pattern; `ar` (and anything
 * else) goes through a cached `Intl.DateTimeFormat` (lib/intl.ts).
 * `tests/unit/local-date.test.ts` checks every pattern against `Intl`.
 */
import { YMD, utcNoon } from './dates.js';
import { intlLocale } from './i18n.js';
import { dateTimeFormat } from './intl.js';

/**
 * `toLocaleDateString(locale)` (year, month and day numeric) per interface locale:
 * `D`/`M` the day and month, `DD`/`MM` zero-padded, `Y` the year.
 */
export const LOCAL_DATE_PATTERNS: Readonly<Record<string, string>> = {
  en: 'M/D/Y',
  de: 'D.M.Y',
  fr: 'DD/MM/Y',
  es: 'D/M/Y',
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
 * A `YYYY-MM-DD` date as `toLocaleDateString(locale)` writes it (default: the interface locale):
 * from {@link LOCAL_DATE_PATTERNS}, else through a cached `Intl.DateTimeFormat`. Unreadable input is returned unchanged.
 */
export function formatLocalDate(value: string, locale: string = intlLocale()): string {
  const pattern = LOCAL_DATE_PATTERNS[locale];
  if (pattern) return formatWithPattern(value, pattern);
  const m = YMD.exec(value);
  if (!m) return value;
  return dateTimeFormat({ timeZone: 'UTC' }, locale).format(utcNoon(m[1]!, m[2]!, m[3]!));
}
