// pushFailureText (src/web/features/notifications/pushErrors.ts): the browser's raw push errors become plain sentences.
import { beforeAll, describe, expect, it } from 'vitest';
import { pushFailureText } from '../../src/web/features/notifications/pushErrors.js';
import { activateLocale } from '../../src/web/lib/i18n.js';

// The texts come from the English catalogs, as in the browser.
beforeAll(() => activateLocale('en', { all: true, parts: ['notifications'] }));

const domError = (message: string, name: string) => Object.assign(new Error(message), { name });

describe('push failure texts', () => {
  it("turns the browser's 'Registration failed - permission denied' into what to do", () => {
    const text = pushFailureText(domError('Registration failed - permission denied', 'NotAllowedError'), true);
    expect(text).toBe('Notifications are blocked for Plateful in this browser. Allow them in the site settings, then try again.');
    expect(text).not.toMatch(/Registration failed/);
  });

  it("turns a push service error into 'try again later'", () => {
    expect(pushFailureText(domError('Registration failed - push service error', 'AbortError'), true)).toBe(
      "This browser's push service could not be reached. Please try again later.",
    );
  });

  it("keeps our API's own detail", () => {
    expect(pushFailureText(domError('This push endpoint is not allowed.', 'ApiError'), true)).toBe('This push endpoint is not allowed.');
  });

  it('says which way an unknown failure went', () => {
    expect(pushFailureText(new TypeError('x is undefined'), false)).toBe('Push notifications could not be turned off. Please try again.');
  });
});
