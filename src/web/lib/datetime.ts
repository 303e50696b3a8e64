/**
 * Instants in SPEC.md §9's request-date format, with dayjs (DESIGN.md "Client"),
 * and calendar dates in the browser's local format (the food detail page).
 * Imported only by lazily loaded pages, so dayjs never weighs on the home page.
 */
import dayjs from 'dayjs';
import { YMD } from './dates.js';

/** An ISO instant as local 'DD MMMM, YYYY, h:mm:ss a', e.g. '05 March, 2025, 3:04:05 pm'. Unreadable input is returned unchanged. */
export function formatDateTime(value: string): string {
  const d = dayjs(value);
  return d.isValid() ? d.format('DD MMMM, YYYY, h:mm:ss a') : value;
}

/** A `YYYY-MM-DD` date in the browser's local date format (SPEC.md §2 food detail). */
export function formatLocalDate(value: string): string {
  const m = YMD.exec(value);
  if (!m) return value;
  return new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])).toLocaleDateString();
}
