/**
 * Lingui (docs/translating.md): the source locale `en` (SPEC.md's texts), the shipped locales of
 * src/contract/locales.ts and `pseudo`, the pseudo-locale of the tests (written by scripts/i18n-pseudo.ts).
 * Catalogs are key/value JSON (`src/web/locales/{locale}/{catalog}.json`, the `en` one the template a translation
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

/**
 * The sources of the `shared` catalog: what pages of several groups show (every page but home loads it): the
 * problems' texts, the login guard, dialogs and popups, the place finder and the small parts that food, request and
 * wanted pages have in common.
 */
export const SHARED = [
  '<rootDir>/src/web/lib/problemText.ts',
  '<rootDir>/src/web/lib/uploadImage.ts',
  '<rootDir>/src/web/ui/popups.ts',
  '<rootDir>/src/web/ui/ModalDialog.tsx',
  '<rootDir>/src/web/ui/LoadMore.tsx',
  '<rootDir>/src/web/ui/ProfilePhotoUpload.tsx',
  '<rootDir>/src/web/features/auth/RequireAuth.tsx',
  '<rootDir>/src/web/features/foods/factLabels.ts',
  '<rootDir>/src/web/features/alerts/components/alertWords.ts',
  '<rootDir>/src/web/features/places/components/PlaceFinder.tsx',
  '<rootDir>/src/web/features/places/components/SpotMap.tsx',
  '<rootDir>/src/web/features/safety/components/SafetyActions.tsx',
  '<rootDir>/src/web/features/safety/components/ReportDialog.tsx',
  '<rootDir>/src/web/features/safety/components/PersonStandingText.tsx',
  '<rootDir>/src/web/features/requests/components/RequestStatusBadge.tsx',
  '<rootDir>/src/web/features/requests/components/CalendarFileLink.tsx',
  '<rootDir>/src/web/features/messages/components/MessagesLink.tsx',
];

/**
 * The sources of each group's catalog (src/contract/routes.ts `PAGES`: a page's `catalog`): what only the pages of
 * that group show. A page loads `common`, `shared` and its group's.
 */
export const GROUPS = {
  auth: ['<rootDir>/src/web/features/auth/pages', '<rootDir>/src/web/features/auth/components'],
  account: [
    '<rootDir>/src/web/features/account/pages',
    '<rootDir>/src/web/features/account/components',
    '<rootDir>/src/web/features/alerts/components/AlertsSection.tsx',
    '<rootDir>/src/web/features/safety/components/BlockedSection.tsx',
    '<rootDir>/src/web/features/places/components/HomeAreaSection.tsx',
    '<rootDir>/src/web/features/impact/components/ImpactSection.tsx',
  ],
  foods: [
    '<rootDir>/src/web/features/foods/pages',
    '<rootDir>/src/web/features/foods/components',
    '<rootDir>/src/web/features/alerts/components/SaveSearch.tsx',
    '<rootDir>/src/web/features/places/components/FoodsMap.tsx',
    '<rootDir>/src/web/features/places/components/NearControl.tsx',
    '<rootDir>/src/web/features/places/components/LocationPicker.tsx',
    '<rootDir>/src/web/features/places/components/PinMap.tsx',
    '<rootDir>/src/web/features/requests/components/MyRequestPanel.tsx',
    '<rootDir>/src/web/features/requests/components/RequestDialog.tsx',
    '<rootDir>/src/web/features/safety/components/MissingListingNotice.tsx',
  ],
  requests: [
    '<rootDir>/src/web/features/requests/pages',
    '<rootDir>/src/web/features/requests/components',
    '<rootDir>/src/web/features/messages/pages',
    '<rootDir>/src/web/features/safety/components/FeedbackSection.tsx',
    '<rootDir>/src/web/features/safety/components/PersonNameCell.tsx',
  ],
  notifications: ['<rootDir>/src/web/features/notifications/pages', '<rootDir>/src/web/features/notifications/components', '<rootDir>/src/web/features/notifications/pushErrors.ts'],
  wanted: ['<rootDir>/src/web/features/wanted'],
  moderation: [
    '<rootDir>/src/web/features/safety/pages',
    '<rootDir>/src/web/features/safety/components/ModerationGroupCard.tsx',
    '<rootDir>/src/web/features/safety/components/ModeratorPage.tsx',
  ],
};

/** `paths` as globs that exclude each file, or everything below each folder. */
const below = (paths: string[]) => paths.map((p) => (/\.tsx?$/.test(p) ? p : `${p}/**`));

/** The single files the other groups list (a request panel of the food page is not in `requests` too). */
const filesOfOtherGroups = (group: string) =>
  Object.entries(GROUPS).flatMap(([other, paths]) => (other === group ? [] : paths.filter((p) => /\.tsx?$/.test(p))));

export default defineConfig({
  sourceLocale: 'en',
  locales: [...LOCALES, 'pseudo'],
  fallbackLocales: { default: 'en' },
  // Twelve catalogs per locale, each loaded only by what shows it (src/web/lib/i18n.ts): `core` (awaited before the
  // first render; English's bundled), `common` (the footer, cards and other parts most pages show below the first
  // screen), `home` (the home page's lower sections), `session` (a signed-in person's notices), `shared` (what
  // pages of several groups show) and one per group of pages. A file of a group's folder that is in an earlier
  // catalog (a food card, the bell) stays out of the group's; the impact section (home and profile) is in both.
  catalogs: [
    { path: '<rootDir>/src/web/locales/{locale}/core', include: CORE },
    { path: '<rootDir>/src/web/locales/{locale}/common', include: COMMON },
    { path: '<rootDir>/src/web/locales/{locale}/home', include: HOME },
    { path: '<rootDir>/src/web/locales/{locale}/session', include: SESSION },
    { path: '<rootDir>/src/web/locales/{locale}/shared', include: SHARED },
    ...Object.entries(GROUPS).map(([group, include]) => ({
      path: `<rootDir>/src/web/locales/{locale}/${group}`,
      include,
      exclude: below([...CORE, ...COMMON, ...SESSION, ...SHARED, ...filesOfOtherGroups(group)]),
    })),
  ],
  format: formatter({ style: 'minimal' }),
  orderBy: 'messageId',
});
