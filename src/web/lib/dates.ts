/**
 * Calendar dates in SPEC.md §9's 'DD MMMM, YYYY' in `en`, and in the active locale's long date
 * through a cached `Intl.DateTimeFormat` in the others (lib/intl.ts). A food's `ExpiredDateTime`
 * is a `YYYY-MM-DD` calendar date, not an instant, so it is read part by part (formatted at noon
 * UTC in UTC) and never shifts a day across time zones. Instants are formatted by `datetime.ts`.
 */
import { activeLocale } from './i18n.js';
import { dateTimeFormat } from './intl.js';

/** A calendar date's year, month and day. */
export const YMD = /^(\d{4})-(\d{2})-(\d{2})/;

/* eslint-disable lingui/no-unlocalized-strings -- SPEC.md §9's English month names, used in `en` only */
const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
] as const;
/* eslint-enable lingui/no-unlocalized-strings */

/** The calendar date of `YYYY-MM-DD` parts as an instant at noon UTC (format it with `timeZone: 'UTC'`). */
export function utcNoon(y: string, m: string, d: string): Date {
  return new Date(Date.UTC(Number(y), Number(m) - 1, Number(d), 12));
}

/**
 * A `YYYY-MM-DD` date as 'DD MMMM, YYYY' in `en`, e.g. '05 March, 2025' (dayjs's format); in another
 * locale its long date ('05. März 2025'). Other input is returned unchanged.
 */
export function formatDate(value: string): string {
  const m = YMD.exec(value);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  if (!m || !month) return value;
  if (activeLocale() === 'en' || activeLocale() === 'pseudo') return `${m[3]} ${month}, ${m[1]}`;
  return dateTimeFormat({ day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(utcNoon(m[1]!, m[2]!, m[3]!));
}
