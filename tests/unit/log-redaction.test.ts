// redactUrlSecrets (src/server/auth/log-redaction.ts): one-time secrets never reach the request log.
import { describe, expect, it } from 'vitest';
import { redactUrlSecrets } from '../../src/server/auth/log-redaction.js';

describe('redactUrlSecrets', () => {
  it('masks token, code and state query values, whatever their case and position', () => {
    expect(redactUrlSecrets('/reset-password?token=abc123')).toBe('/reset-password?token=[redacted]');
    expect(redactUrlSecrets('/api/auth/oauth2/callback/google?state=s1&code=c2&x=1')).toBe(
      '/api/auth/oauth2/callback/google?state=[redacted]&code=[redacted]&x=1',
    );
    expect(redactUrlSecrets('/x?a=1&TOKEN=t#frag')).toBe('/x?a=1&TOKEN=[redacted]#frag');
  });

  it('masks the token in the path of Better Auth’s reset callback', () => {
    expect(redactUrlSecrets('/api/auth/reset-password/tok3n?callbackURL=%2Freset-password')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password',
    );
  });

  it('leaves other URLs alone', () => {
    for (const url of ['/api/foods?search=token&sortByDate=dec', '/api/auth/get-session', '/food/42?tokens=1']) {
      expect(redactUrlSecrets(url)).toBe(url);
    }
  });
});
