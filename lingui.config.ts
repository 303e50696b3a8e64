/**
 * Lingui (docs/translating.md): the source locale `en` (SPEC.md's texts), the shipped locales of
 * src/contract/locales.ts and `pseudo`, the pseudo-locale of the tests (written by scripts/i18n-pseudo.ts).
 * Catalogs are key/value JSON (`src/web/locales/{locale}/{core,common,home,session,pages,moderation}.json`, the `en` one the template a translation
 * platform such as Weblate reads); `npm run i18n:extract` writes them, the Vite plugin compiles them at build time.
 */
import { defineConfig } from '@lingui/cli';
import { formatter } from '@lingui/format-json';
import { LOCALES } from './src/contract/locales.js';

/**
 * The sources of the `core` catalog: what the entry chunk renders (the frame of every page and the home page's
 * first screen). Only these are bundled in English.
 */
export const CORE = [
  '<rootDir>/src/web/app/main.tsx',
  '<rootDir>/src/web/app/Layout.tsx',
  '<rootDir>/src/web/app/Navbar.tsx',
  '<rootDir>/src/web/app/ErrorBoundary.tsx',
  '<rootDir>/src/web/ui/ErrorPage.tsx',
  '<rootDir>/src/web/ui/ErrorState.tsx',
  '<rootDir>/src/web/ui/Spinner.tsx',
  '<rootDir>/src/web/lib/apiErrors.ts',
  '<rootDir>/src/web/lib/http.ts',
  '<rootDir>/src/web/lib/toast.tsx',
  '<rootDir>/src/web/features/home/pages/HomePage.tsx',
  '<rootDir>/src/web/features/auth/AuthProvider.tsx',
];

/**
 * The sources of the `common` catalog: what most pages show after their first screen, each in a lazily loaded
 * chunk that waits for this catalog: the footer and its language picker, the signed-in controls of the navigation
 * bar, the food cards (home and lists) and what they format, the service worker's status region, the offline
 * notice's text, the toast of a verified address and the 404 page.
 */
export const COMMON = [
  '<rootDir>/src/web/app/SignedInControls.tsx',
  '<rootDir>/src/web/app/SavedSince.tsx',
  '<rootDir>/src/web/app/NotFoundPage.tsx',
  '<rootDir>/src/web/ui/NotFound.tsx',
  '<rootDir>/src/web/app/verificationNotice.ts',
  '<rootDir>/src/web/app/Footer.tsx',
  '<rootDir>/src/web/ui/Avatar.tsx',
  '<rootDir>/src/web/ui/LanguagePicker.tsx',
  '<rootDir>/src/web/lib/dates.ts',
  '<rootDir>/src/web/lib/distance.ts',
  '<rootDir>/src/web/lib/pickupWindows.ts',
  '<rootDir>/src/web/features/foods/components/FoodCard.tsx',
  '<rootDir>/src/web/features/foods/components/CategoryBadge.tsx',
  '<rootDir>/src/web/features/pwa/register.tsx',
];

/** The sources of the `home` catalog: the home page's lazily loaded sections below the first screen. */
export const HOME = ['<rootDir>/src/web/features/home/components', '<rootDir>/src/web/features/impact/components/ImpactSection.tsx'];

/** The sources of the `session` catalog: the notices and the bell a signed-in person gets on every page. */
export const SESSION = [
  '<rootDir>/src/web/app/SignedInNotices.tsx',
  '<rootDir>/src/web/features/auth/VerifyEmailBanner.tsx',
  '<rootDir>/src/web/features/account/components/HeldItemsNotice.tsx',
  '<rootDir>/src/web/features/notifications/components/LiveBell.tsx',
];

/** What only the moderators' pages show (left out of `pages`). */
const MODERATION_ONLY = [
  '<rootDir>/src/web/features/safety/pages',
  '<rootDir>/src/web/features/safety/components/ModerationGroupCard.tsx',
  '<rootDir>/src/web/features/safety/components/ModeratorPage.tsx',
];

/**
 * The sources of the `moderation` catalog, all the moderators' pages need (they load no `pages`): theirs and
 * the parts they share with other pages (a popup, the report dialog they open, the problems' texts).
 */
export const MODERATION = [
  ...MODERATION_ONLY,
  '<rootDir>/src/web/ui/popups.ts',
  '<rootDir>/src/web/ui/ModalDialog.tsx',
  '<rootDir>/src/web/features/safety/components/ReportDialog.tsx',
  '<rootDir>/src/web/lib/problemText.ts',
];

/** `paths` as globs that exclude each file, or everything below each folder. */
const below = (paths: string[]) => paths.map((p) => (/\.tsx?$/.test(p) ? p : `${p}/**`));

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES, 'pseudo'],
  fallbackLocales: { default: 'en' },
  // Six catalogs per locale, each loaded only by what shows it (src/web/lib/i18n.ts): `core` (awaited before the
  // first render; English's bundled), `common` (the footer, cards and other parts most pages show below the first
  // screen), `home` (the home page's lower sections), `session` (a signed-in person's notices), `pages` (every other
  // page) and `moderation` (the moderators' pages, instead of `pages`). A file in two (the impact section on home
  // and profile, the report dialog) has its messages in both.
  catalogs: [
    { path: '<rootDir>/src/web/locales/{locale}/core', include: CORE },
    { path: '<rootDir>/src/web/locales/{locale}/common', include: COMMON },
    { path: '<rootDir>/src/web/locales/{locale}/home', include: HOME },
    { path: '<rootDir>/src/web/locales/{locale}/session', include: SESSION },
    { path: '<rootDir>/src/web/locales/{locale}/pages', include: ['<rootDir>/src/web'], exclude: ['**/sw/**', ...below([...CORE, ...COMMON, HOME[0]!, ...SESSION, ...MODERATION_ONLY])] },
    { path: '<rootDir>/src/web/locales/{locale}/moderation', include: MODERATION },
  ],
  format: formatter({ style: 'minimal' }),
  orderBy: 'messageId',
});
