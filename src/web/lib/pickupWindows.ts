import { t } from '@lingui/core/macro';
/**
 * Pickup windows in words, in the listing's own time zone (the place's clock, which is
 * what a visitor needs): "today 18:00–19:30", "tomorrow 10:00–12:00", "Sat 28 Mar
 * 10:00–12:00". Built on `Intl.DateTimeFormat` only, so the home page's cards stay within
 * their weight budget (DESIGN.md "Weight budget").
 */
import type { Food, PickupWindow } from '../../contract/index.js';
import { SOURCE_LOCALE } from '../../contract/locale-codes.js';
import { intlLocale } from './i18n.js';

/** The local `YYYY-MM-DD` of `at` in zone `tz`. */
export function dayIn(at: Date, tz: string): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(at);
}

/** The local `HH:mm` (24-hour) of `at` in zone `tz`. */
export function timeIn(at: Date, tz: string): string {
  return new Intl.DateTimeFormat('en-GB', { timeZone: tz, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(at);
}

/** The day of `at` relative to `now` in `tz`: 'today', 'tomorrow', or e.g. 'Sat 28 Mar' (in English; else in the page's language). */
function dayWords(at: Date, now: Date, tz: string): string {
  const day = dayIn(at, tz);
  if (day === dayIn(now, tz)) return t`today`;
  if (day === dayIn(new Date(now.getTime() + 86_400_000), tz)) return t`tomorrow`;
  const locale = intlLocale();
  return new Intl.DateTimeFormat(locale === SOURCE_LOCALE ? 'en-GB' : locale, { timeZone: tz, weekday: 'short', day: 'numeric', month: 'short' }).format(at);
}

/** One window in words at `now`, e.g. 'today 18:00–19:30'. */
export function windowWords(w: PickupWindow, tz: string, now: Date = new Date()): string {
  const start = new Date(w.Start);
  const end = new Date(w.End);
  const endDay = dayIn(end, tz) === dayIn(start, tz) ? '' : `${dayWords(end, now, tz)} `;
  return `${dayWords(start, now, tz)} ${timeIn(start, tz)}–${endDay}${timeIn(end, tz)}`;
}

/** The windows of `food` not yet over at `now`, in start order. */
export function upcomingWindows(food: Pick<Food, 'PickupWindows'>, now: Date = new Date()): PickupWindow[] {
  return (food.PickupWindows ?? []).filter((w) => Date.parse(w.End) > now.getTime());
}

/** 'Pick up today 18:00–19:30' for the listing's next window, or undefined without one. */
export function pickupLine(food: Pick<Food, 'PickupWindows' | 'TimeZone'>, now: Date = new Date()): string | undefined {
  const next = upcomingWindows(food, now)[0];
  if (!next) return undefined;
  const when = windowWords(next, food.TimeZone, now);
  return t`Pick up ${when}`;
}

/** What is left of a window with a capacity, e.g. '3 of 5 left'; '' without a capacity. */
export function leftWords(w: PickupWindow): string {
  if (w.Capacity === undefined) return '';
  const left = w.Left ?? w.Capacity;
  const capacity = w.Capacity;
  return left === 0 ? t`full` : t`${left} of ${capacity} left`;
}
