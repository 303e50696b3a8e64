// The food detail page's local date without Intl (src/web/lib/localDate.ts): every
// pattern writes what `toLocaleDateString(locale)` writes, and other locales go through Intl.
import { describe, expect, it } from 'vitest';
import { formatLocalDate, formatWithPattern, LOCAL_DATE_PATTERNS } from '../../src/web/lib/localDate.js';

const DATES = ['2026-01-05', '2026-12-16', '2027-10-01', '2030-03-29'];

describe('local date patterns', () => {
  for (const [locale, pattern] of Object.entries(LOCAL_DATE_PATTERNS)) {
    it(`${locale} writes what Intl writes`, () => {
      for (const date of DATES) {
        const [y, m, d] = date.split('-').map(Number) as [number, number, number];
        expect(formatWithPattern(date, pattern)).toBe(new Date(y, m - 1, d).toLocaleDateString(locale));
        expect(formatLocalDate(date, locale)).toBe(new Date(y, m - 1, d).toLocaleDateString(locale));
      }
    });
  }

  it('falls back to Intl for other locales and leaves unreadable input as it is', () => {
    expect(formatLocalDate('2026-12-16', 'xx-unknown')).toBe(new Date(2026, 11, 16).toLocaleDateString());
    expect(formatLocalDate('soon', 'en-US')).toBe('soon');
    expect(formatLocalDate('soon', 'xx-unknown')).toBe('soon');
  });
});
