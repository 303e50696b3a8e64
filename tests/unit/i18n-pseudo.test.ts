// The tests' pseudo-locale (scripts/i18n-pseudo.ts): accented, bracketed, at least 30 % longer, ICU arguments
// kept, and its padding breakable like a translation's words, so a long text wraps instead of overflowing.
import { describe, expect, it } from 'vitest';
import { pseudoLocalize } from '../../scripts/i18n-pseudo.js';

describe('pseudoLocalize', () => {
  it('accents, brackets and pads a short text in one run', () => {
    expect(pseudoLocalize('Home')).toBe('[Ĥöɱé~~]');
  });

  it('keeps ICU arguments and pads a long text in runs of at most six tildes', () => {
    const message = 'Plateful connects people who have food to spare with {who} who can use it.';
    const pseudo = pseudoLocalize(message);
    expect(pseudo).toContain('{who}');
    expect(pseudo.length).toBeGreaterThanOrEqual(message.length * 1.3);
    expect(pseudo).not.toMatch(/~{7}/);
    expect(pseudo).toMatch(/~{6} ~/);
  });
});
