// failureText (src/web/lib/problemText.ts): an API problem shown in the interface's language by its code; English
// keeps the server's own detail (SPEC.md §8), and an unknown code falls back to it.
import { afterAll, describe, expect, it } from 'vitest';
import type { Problem } from '../../src/contract/index.js';
import { ApiError } from '../../src/web/lib/http.js';
import { activateLocale } from '../../src/web/lib/i18n.js';
import { failureText } from '../../src/web/lib/problemText.js';

const problem = (status: number, detail: string, extra: Partial<Problem>) =>
  new ApiError(status, detail, { type: 'about:blank', title: 'Conflict', status, detail, ...extra });

afterAll(() => activateLocale('en', { all: true, parts: ['shared'] }));

describe('problem texts', () => {
  it('shows the server’s own detail in English', async () => {
    await activateLocale('en', { all: true, parts: ['shared'] });
    expect(failureText(problem(409, 'You cannot request your own food.', { code: 'own_food' }))).toBe('You cannot request your own food.');
  });

  it('picks the German text by the problem’s code, and by each field’s code', async () => {
    await activateLocale('de', { all: true, parts: ['shared'] });
    expect(failureText(problem(409, 'You cannot request your own food.', { code: 'own_food' }))).toBe('Du kannst dein eigenes Lebensmittel nicht anfragen.');
    const invalid = problem(400, 'Invalid body: FoodName too short', {
      code: 'validation_failed',
      errors: [{ field: 'FoodName', message: 'too short', code: 'too_small' }],
    });
    expect(failureText(invalid)).toBe('Bitte prüfe: FoodName: zu kurz oder zu klein');
  });

  it('says why a Wanted post cannot be answered, and why its listing waits, in the person’s language', async () => {
    await activateLocale('fr', { all: true, parts: ['shared'] });
    expect(failureText(problem(409, 'This Wanted post is closed.', { code: 'wanted_closed' }))).toBe('Cette demande est fermée : elle a expiré ou est masquée.');
    expect(failureText(problem(409, 'You cannot answer your own Wanted post.', { code: 'own_wanted' }))).toBe('Vous ne pouvez pas répondre à votre propre demande.');
    await activateLocale('es', { all: true, parts: ['shared'] });
    expect(failureText(problem(409, 'This listing is offered first…', { code: 'offered_first' }))).toMatch(/^Este anuncio se ofrece primero al vecino que lo pidió\./);
  });

  it('falls back to the detail for a code it does not know, and to the message of other errors', async () => {
    await activateLocale('ar', { all: true, parts: ['shared'] });
    expect(failureText(problem(409, 'Something new.', { code: 'brand_new' }))).toBe('Something new.');
    expect(failureText(new Error('Invalid password'))).toBe('Invalid password');
    expect(failureText(problem(429, 'Too many.', { code: 'rate_limited' }))).toBe('محاولات كثيرة جدًا. يُرجى الانتظار لحظة ثم المحاولة مرة أخرى.');
  });
});
