/**
 * Cached `Intl` formatters in the active locale (lib/i18n.ts). Building an `Intl.DateTimeFormat`
 * costs 80–140 ms of main thread the first time a page formats a date (ICU's pattern generator),
 * so each locale and options pair is built once per page load and reused.
 */
import { intlLocale } from './i18n.js';

const dateFormats = new Map<string, Intl.DateTimeFormat>();
const numberFormats = new Map<string, Intl.NumberFormat>();

/** A cached `Intl.DateTimeFormat` for the active locale (or `locale`) and `options`. */
export function dateTimeFormat(options: Intl.DateTimeFormatOptions, locale: string = intlLocale()): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = dateFormats.get(key);
  if (!format) dateFormats.set(key, (format = new Intl.DateTimeFormat(locale, options)));
  return format;
}

/** A cached `Intl.NumberFormat` for the active locale (or `locale`) and `options`. */
export function numberFormat(options: Intl.NumberFormatOptions = {}, locale: string = intlLocale()): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = numberFormats.get(key);
  if (!format) numberFormats.set(key, (format = new Intl.NumberFormat(locale, options)));
  return format;
}
