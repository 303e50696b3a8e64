/**
 * Instants in SPEC.md §9's request-date format in `en`, with dayjs (DESIGN.md "Client"), and in
 * the active locale's long date and time through a cached `Intl.DateTimeFormat` in the others
 * (lib/intl.ts). Imported only by lazily loaded pages, so dayjs never weighs on the home page.
 * (The food detail page's local calendar date is `localDate.ts`, without dayjs.)
 */
import dayjs from 'dayjs';
import { activeLocale } from './i18n.js';
import { dateTimeFormat } from './intl.js';

/** True when the SPEC's English formats apply (`en`, and `pseudo` which is English underneath). */
const english = () => activeLocale() === 'en' || activeLocale() === 'pseudo';

/** `value` in the active locale's long date and time (`seconds` included or not); unreadable input unchanged. */
function intlDateTime(value: string, seconds: boolean): string {
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return value;
  return dateTimeFormat({ day: '2-digit', month: 'long', year: 'numeric', hour: 'numeric', minute: '2-digit', ...(seconds && { second: '2-digit' }) }).format(d);
}

/**
 * An ISO instant as local 'DD MMMM, YYYY, h:mm:ss a' in `en`, e.g. '05 March, 2025, 3:04:05 pm';
 * the locale's own long date and time elsewhere. Unreadable input is returned unchanged.
 */
export function formatDateTime(value: string): string {
  if (!english()) return intlDateTime(value, true);
  const d = dayjs(value);
  return d.isValid() ? d.format('DD MMMM, YYYY, h:mm:ss a') : value;
}

/**
 * An ISO instant as local 'DD MMMM, YYYY, h:mm a' in `en`, e.g. '05 March, 2025, 3:04 pm': every time
 * but SPEC.md's request date (pickups, messages, notifications), without seconds nobody reads.
 */
export function formatWhen(value: string): string {
  if (!english()) return intlDateTime(value, false);
  const d = dayjs(value);
  return d.isValid() ? d.format('DD MMMM, YYYY, h:mm a') : value;
}
