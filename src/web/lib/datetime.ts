/**
 * Instants in SPEC.md §9's request-date format, with dayjs (DESIGN.md "Client").
 * Imported only by lazily loaded pages, so dayjs never weighs on the home page. (The
 * food detail page's local calendar date is `localDate.ts`, without dayjs.)
 */
import dayjs from 'dayjs';

/** An ISO instant as local 'DD MMMM, YYYY, h:mm:ss a', e.g. '05 March, 2025, 3:04:05 pm'. Unreadable input is returned unchanged. */
export function formatDateTime(value: string): string {
  const d = dayjs(value);
  return d.isValid() ? d.format('DD MMMM, YYYY, h:mm:ss a') : value;
}

/**
 * An ISO instant as local 'DD MMMM, YYYY, h:mm a', e.g. '05 March, 2025, 3:04 pm': every time
 * but SPEC.md's request date (pickups, messages, notifications), without seconds nobody reads.
 */
export function formatWhen(value: string): string {
  const d = dayjs(value);
  return d.isValid() ? d.format('DD MMMM, YYYY, h:mm a') : value;
}
