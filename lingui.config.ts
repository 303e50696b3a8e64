/**
 * Lingui (docs/translating.md): the source locale `en` (SPEC.md's texts), the shipped locales of
 * src/contract/locales.ts and `pseudo`, the pseudo-locale of the tests (written by scripts/i18n-pseudo.ts).
 * Catalogs are key/value JSON (`src/web/locales/{locale}.json`, the `en` one the template a translation
 * platform such as Weblate reads); `npm run i18n:extract` writes them, the Vite plugin compiles them at build time.
 */
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-json';
import { LOCALES } from './src/contract/locales.js';

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES, 'pseudo'],
  fallbackLocales: { default: 'en' },
  catalogs: [{ path: '<rootDir>/src/web/locales/{locale}', include: ['<rootDir>/src/web'], exclude: ['**/sw/**'] }],
  format: formatter({ style: 'minimal' }),
  orderBy: 'messageId',
});
