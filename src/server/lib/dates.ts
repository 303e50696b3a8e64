/** Server-side date helpers. */
import dayjs from 'dayjs';

/**
 * Today's calendar date on the server's local clock, `YYYY-MM-DD`
 * (DESIGN.md "Data": a food is available while its expiry is today or later).
 * @param now the instant to read, default the current time.
 */
export function localToday(now: Date = new Date()): string {
  // Read on every API request (answers, cache keys): three getters, not a dayjs object and its formatter.
  const two = (n: number) => (n < 10 ? `0${n}` : String(n));
  return `${now.getFullYear()}-${two(now.getMonth() + 1)}-${two(now.getDate())}`;
}

/** `base` plus `days` calendar days, `YYYY-MM-DD`. */
export function addDays(base: string, days: number): string {
  return dayjs(base).add(days, 'day').format('YYYY-MM-DD');
}
