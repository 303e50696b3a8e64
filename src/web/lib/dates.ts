/**
 * Calendar dates in SPEC.md §9's 'DD MMMM, YYYY'. A food's `ExpiredDateTime` is a `YYYY-MM-DD` calendar date, not an
 * instant, so it is read part by part and never shifts a day across time zones.
 * This module has no dependencies so the home page stays within its weight
 * budget (DESIGN.md "Weight budget"; measured in docs/architecture.md "Web client choices");
 * instants are formatted by `datetime.ts` with dayjs.
 */

/** A calendar date's year, month and day. */
export const YMD = /^(\d{4})-(\d{2})-(\d{2})/;

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

/** A `YYYY-MM-DD` date as 'DD MMMM, YYYY', e.g. '05 March, 2025' (dayjs's format). Other input is returned unchanged. */
export function formatDate(value: string): string {
  const m = YMD.exec(value);
  const month = m ? MONTHS[Number(m[2]) - 1] : undefined;
  return m && month ? `${m[3]} ${month}, ${m[1]}` : value;
}
