// HttpUrl and CalendarDate (src/contract/common.ts), built on zod's own URL and ISO date checks.
import { describe, expect, it } from 'vitest';
import { CalendarDate, HttpUrl, LIMITS } from '../../src/contract/index.js';

describe('HttpUrl', () => {
  it.each(['http://img.example/a.png', 'https://img.example/a.png?x=1'])('accepts %j', (url) => expect(HttpUrl.parse(url)).toBe(url));

  it('trims', () => expect(HttpUrl.parse('  https://img.example/a.png ')).toBe('https://img.example/a.png'));

  it.each(['javascript:alert(1)', 'data:image/png;base64,AAAA', 'ftp://x.example/a', 'mailto:a@b.example', 'https://', 'img.example/a.png', 'https://a\u0000b.example'])(
    'refuses %j',
    (url) => expect(HttpUrl.safeParse(url).success).toBe(false),
  );

  it(`refuses URLs over ${LIMITS.url} characters`, () => {
    expect(HttpUrl.safeParse(`https://x.example/${'a'.repeat(LIMITS.url)}`).success).toBe(false);
  });
});

describe('CalendarDate', () => {
  it.each([
    ['2025-03-05', '2025-03-05'],
    [' 2024-02-29 ', '2024-02-29'],
    ['2025-03-05T23:30:00Z', '2025-03-05'],
    ['2025-03-05T10:00', '2025-03-05'],
    ['2025-03-05T10:00:00+02:00', '2025-03-05'],
  ])('reads %j as %j', (input, date) => expect(CalendarDate.parse(input)).toBe(date));

  it.each(['2025-02-29', '2025-02-30', '2025-13-01', '2025-3-5', '05/03/2025', 'garbage', '', 20250305, null])('refuses %j', (value) =>
    expect(CalendarDate.safeParse(value).success).toBe(false),
  );
});
