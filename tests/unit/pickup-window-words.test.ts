// windowWords (src/web/lib/pickupWindows.ts): a pickup window in words on the listing's clock; a day beyond
// tomorrow is named in the page's language ("Sat 28 Mar" in English).
import { afterAll, describe, expect, it } from 'vitest';
import { activateLocale } from '../../src/web/lib/i18n.js';
import { windowWords } from '../../src/web/lib/pickupWindows.js';

const window = { Start: '2026-03-28T09:00:00Z', End: '2026-03-28T11:00:00Z' };
const now = new Date('2026-03-25T12:00:00Z');

afterAll(() => activateLocale('en', { parts: [] }));

describe('a pickup window beyond tomorrow', () => {
  it('reads "Sat 28 Mar" in English and in the page language elsewhere', async () => {
    await activateLocale('en', { parts: [] });
    expect(windowWords(window as never, 'Europe/Berlin', now)).toBe('Sat 28 Mar 10:00–12:00');
    await activateLocale('de', { parts: [] });
    expect(windowWords(window as never, 'Europe/Berlin', now)).toBe('Sa., 28. März 10:00–12:00');
    await activateLocale('fr', { parts: [] });
    expect(windowWords(window as never, 'Europe/Berlin', now)).toBe('sam. 28 mars 10:00–12:00');
  });
});
