// safePath / savedPath (src/web/features/auth/savedPath.ts): after sign-in, only paths on this site.
import { describe, expect, it } from 'vitest';
import { safePath, savedPath } from '../../src/web/features/auth/savedPath.js';

describe('saved redirect path', () => {
  it.each(['/', '/add-food', '/food/1?x=y#z'])('keeps the site path %j', (path) => expect(safePath(path)).toBe(path));

  it.each(['//evil.example', '/\\evil.example', 'https://evil.example', 'javascript:alert(1)', '', 'add-food', null, 42, undefined])(
    'turns %j into /',
    (value) => expect(safePath(value)).toBe('/'),
  );

  it('reads `from` out of a location state', () => {
    expect(savedPath({ from: '/manage-my-foods' })).toBe('/manage-my-foods');
    expect(savedPath({ from: '//evil.example' })).toBe('/');
    expect(savedPath(null)).toBe('/');
    expect(savedPath('not an object')).toBe('/');
  });
});
