// loadedFailureText (src/web/lib/problemText.ts): a failure on a page that does not show the `shared` catalog (the home
// page, whose toasts load the problems' texts with the first failure) still reads in the person's language.
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../src/web/lib/http.js';
import { activateLocale } from '../../src/web/lib/i18n.js';
import { failureText, loadedFailureText } from '../../src/web/lib/problemText.js';

const ownFood = () =>
  new ApiError(409, 'You cannot request your own food.', { type: 'about:blank', title: 'Conflict', status: 409, detail: 'You cannot request your own food.', code: 'own_food' });

describe('a failure where only the first catalogs are loaded', () => {
  it('loads the problems’ texts first, then shows the German one', async () => {
    await activateLocale('de', { parts: [] });
    // Only `core` is loaded: the text alone falls back to the server's English detail.
    expect(failureText(ownFood())).toBe('You cannot request your own food.');
    expect(await loadedFailureText(ownFood())).toBe('Du kannst dein eigenes Lebensmittel nicht anfragen.');
  });
});
