// The food detail page's local date (src/web/lib/localDate.ts): every precompiled pattern writes
// what `toLocaleDateString(locale)` writes, and other locales (Arabic) go through Intl.
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

  it('formats Arabic through Intl and leaves unreadable input as it is', () => {
    expect(formatLocalDate('2026-12-16', 'ar')).toBe(new Date(2026, 11, 16).toLocaleDateString('ar'));
    expect(formatLocalDate('soon', 'en')).toBe('soon');
    expect(formatLocalDate('soon', 'ar')).toBe('soon');
  });
});
