// likePattern (src/server/foods/terms.ts): search text matches itself literally in ILIKE.
import { describe, expect, it } from 'vitest';
import { likePattern } from '../../src/server/foods/terms.js';

describe('likePattern', () => {
  it('wraps the text for a substring match', () => {
    expect(likePattern('rice')).toBe('%rice%');
  });

  it('escapes the LIKE wildcards and the escape character', () => {
    expect(likePattern('100%')).toBe('%100\\%%');
    expect(likePattern('a_b')).toBe('%a\\_b%');
    expect(likePattern('C:\\dir')).toBe('%C:\\\\dir%');
    expect(likePattern('%_\\')).toBe('%\\%\\_\\\\%');
  });
});
