/**
 * Lingui (docs/translating.md): the source locale `en` (SPEC.md's texts), the shipped locales of
 * src/contract/locales.ts and `pseudo`, the pseudo-locale of the tests (written by scripts/i18n-pseudo.ts).
 * Catalogs are key/value JSON (`src/web/locales/{locale}/{core,pages}.json`, the `en` one the template a translation
 * platform such as Weblate reads); `npm run i18n:extract` writes them, the Vite plugin compiles them at build time.
 */
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-json';
import { LOCALES } from './src/contract/locales.js';

/** The sources of the `core` catalog: the app's frame, shared lib/ and ui/, and the home page with its cards. */
export const CORE = [
  '<rootDir>/src/web/app',
  '<rootDir>/src/web/ui',
  '<rootDir>/src/web/lib',
  '<rootDir>/src/web/features/home',
  '<rootDir>/src/web/features/impact',
  '<rootDir>/src/web/features/foods/components/FoodCard.tsx',
  '<rootDir>/src/web/features/foods/components/CategoryBadge.tsx',
  '<rootDir>/src/web/features/auth/AuthProvider.tsx',
];

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES, 'pseudo'],
  fallbackLocales: { default: 'en' },
  // Two catalogs per locale: `core`, the texts the home page and the frame of every page show (awaited before
  // the first render), and `pages`, every other page's (loaded beside it, awaited by the lazily loaded pages).
  catalogs: [
    { path: '<rootDir>/src/web/locales/{locale}/core', include: CORE },
    { path: '<rootDir>/src/web/locales/{locale}/pages', include: ['<rootDir>/src/web'], exclude: ['**/sw/**', ...CORE.map((p) => (/\.tsx?$/.test(p) ? p : `${p}/**`))] },
  ],
  format: formatter({ style: 'minimal' }),
  orderBy: 'messageId',
});
