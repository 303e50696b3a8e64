/**
 * The end rule of recurring offers (docs/api.md "Recurring offers"), one for `POST` and
 * `PUT /foods` with `Recurrence` and `PATCH /recurring-offers/{id}`: `Until` (included) is
 * neither before the offer's first day nor before today in the offer's time zone (an end in
 * the past would make an offer that stops at once).
 */
import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone.js';
import utc from 'dayjs/plugin/utc.js';
import { problem } from '../http/problem.js';

dayjs.extend(utc);
dayjs.extend(timezone);

/** The local date (`YYYY-MM-DD`) of instant `at` in zone `tz`. */
export const localDate = (at: Date, tz: string) => dayjs(at).tz(tz).format('YYYY-MM-DD');

/**
 * Checks end `until` (`YYYY-MM-DD`; null: for good) of an offer whose first day is `anchorOn`,
 * in zone `tz`, at instant `now`; `field` names it in the problem (`Until`, `Recurrence.Until`).
 * @throws 400 `validation_failed` naming `field` when it is before the first day or today.
 */
export function assertUntil(until: string | null | undefined, o: { anchorOn: string; tz: string; now: Date; field: string }): void {
  if (!until) return;
  const today = localDate(o.now, o.tz);
  if (until < o.anchorOn) {
    throw problem(400, 'Until cannot be before the first day of this offer.', { code: 'validation_failed', errors: [{ field: o.field, message: `must be ${o.anchorOn} or later`, code: 'too_small' }] });
  }
  if (until < today) {
    throw problem(400, 'Until cannot be in the past.', { code: 'validation_failed', errors: [{ field: o.field, message: `must be ${today} or later (today in ${o.tz})`, code: 'too_small' }] });
  }
}
