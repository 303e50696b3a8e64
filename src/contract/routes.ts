/**
 * The pages of the web client, as plain data shared by the web router
 * (src/web/app/routes.tsx), the link previews' preloads (server) and the client
 * weight bench, plus builders of concrete paths for links in pages, notifications
 * and mails. Free of zod, so the web client's entry chunk can read it.
 *
 * Paths are written as SPEC.md §2 writes them: `{name}` stands for one path segment.
 */
import type { CatalogPart } from './locale-codes.js';

/**
 * How a page renders inside the shared layout:
 * - `entry`: in the entry chunk, no lazy module (the home page);
 * - `lazy`: its own lazily loaded chunk, below the lazily loaded routes of every page but home
 *   (`PAGE_ROUTES_MODULE`), as the kinds below;
 * - `data`: its chunk below the lazily loaded query cache (`app/QueryBoundary.tsx`);
 * - `guarded`: as `data`, and below the login guard (`features/auth/RequireAuth.tsx`, SPEC.md §2 Route guard).
 */
export type PageKind = 'entry' | 'lazy' | 'data' | 'guarded';

/** One page of the web client. */
export interface WebPage {
  /** Path pattern as SPEC.md §2 writes it, e.g. `/food/{id}`. */
  path: string;
  kind: PageKind;
  /** The page's lazily loaded module: its Vite manifest key, relative to src/web (none for `entry`). */
  module?: string;
  /** Public page whose server-rendered HTML preloads its lazy chunks (`src/server/previews/preloads.ts`). */
  previewed?: true;
  /** The message catalog of the page's group (lingui.config.ts), beside `common` and `shared` (none for `entry`). */
  catalog?: PageCatalog;
}

/** The catalogs of the page groups (lingui.config.ts): each holds what only the pages of its group show. */
export type PageCatalog = Extract<CatalogPart, 'auth' | 'account' | 'foods' | 'requests' | 'notifications' | 'wanted' | 'moderation'>;

/** Manifest key of the lazily loaded routes of every page but home, and of the 404 page. */
export const PAGE_ROUTES_MODULE = 'app/PageRoutes.tsx';
/** Manifest key of the lazily loaded query cache every `data` and `guarded` page renders below. */
export const QUERY_BOUNDARY_MODULE = 'app/QueryBoundary.tsx';
/** Manifest key of the lazily loaded login guard of `guarded` pages. */
export const LOGIN_GUARD_MODULE = 'features/auth/RequireAuth.tsx';

/** Every page, in match order; a path matching none gets the 404 page. */
export const PAGES = {
  home: { path: '/', kind: 'entry' },
  login: { path: '/login', kind: 'lazy', module: 'features/auth/pages/LoginPage.tsx', catalog: 'auth' },
  register: { path: '/register', kind: 'lazy', module: 'features/auth/pages/RegisterPage.tsx', catalog: 'auth' },
  googleDone: { path: '/auth/popup-done', kind: 'lazy', module: 'features/auth/pages/GoogleDonePage.tsx', catalog: 'auth' },
  forgotPassword: { path: '/forgot-password', kind: 'lazy', module: 'features/auth/pages/ForgotPasswordPage.tsx', catalog: 'auth' },
  resetPassword: { path: '/reset-password', kind: 'lazy', module: 'features/auth/pages/ResetPasswordPage.tsx', catalog: 'auth' },
  profile: { path: '/profile', kind: 'guarded', module: 'features/account/pages/ProfilePage.tsx', catalog: 'account' },
  account: { path: '/account', kind: 'guarded', module: 'features/account/pages/AccountPage.tsx', catalog: 'account' },
  availableFoods: { path: '/available-foods', kind: 'data', module: 'features/foods/pages/AvailableFoodsPage.tsx', previewed: true, catalog: 'foods' },
  food: { path: '/food/{id}', kind: 'data', module: 'features/foods/pages/FoodDetailsPage.tsx', previewed: true, catalog: 'foods' },
  addFood: { path: '/add-food', kind: 'guarded', module: 'features/foods/pages/AddFoodPage.tsx', catalog: 'foods' },
  manageMyFoods: { path: '/manage-my-foods', kind: 'guarded', module: 'features/foods/pages/ManageMyFoodsPage.tsx', catalog: 'foods' },
  updateFood: { path: '/update-food/{id}', kind: 'guarded', module: 'features/foods/pages/UpdateFoodPage.tsx', catalog: 'foods' },
  manageFood: { path: '/manage-food/{foodId}', kind: 'guarded', module: 'features/requests/pages/ManageFoodPage.tsx', catalog: 'requests' },
  myFoodRequests: { path: '/my-food-request', kind: 'guarded', module: 'features/requests/pages/MyFoodRequestPage.tsx', catalog: 'requests' },
  conversation: { path: '/requests/{requestId}', kind: 'guarded', module: 'features/messages/pages/ConversationPage.tsx', catalog: 'requests' },
  notifications: { path: '/notifications', kind: 'guarded', module: 'features/notifications/pages/NotificationsPage.tsx', catalog: 'notifications' },
  notificationSettings: {
    path: '/settings/notifications',
    kind: 'guarded',
    module: 'features/notifications/pages/NotificationSettingsPage.tsx',
    catalog: 'notifications',
  },
  wantedList: { path: '/wanted', kind: 'data', module: 'features/wanted/pages/WantedListPage.tsx', catalog: 'wanted' },
  wanted: { path: '/wanted/{id}', kind: 'data', module: 'features/wanted/pages/WantedPage.tsx', catalog: 'wanted' },
  // Not guarded: everyone but moderators gets the 404 page, signed in or not.
  moderation: { path: '/moderation', kind: 'data', module: 'features/safety/pages/ModerationPage.tsx', catalog: 'moderation' },
  moderationLog: { path: '/moderation/log', kind: 'data', module: 'features/safety/pages/ModerationLogPage.tsx', catalog: 'moderation' },
} as const satisfies Record<string, WebPage>;

/** The name of a page in {@link PAGES}. */
export type PageName = keyof typeof PAGES;

/** The pages as `[name, page]` pairs, in match order. */
export const PAGE_LIST = Object.entries(PAGES) as [PageName, WebPage][];

/**
 * The lazily loaded modules (manifest keys) `page` needs before it can render: none for
 * `entry`; else the routes of the other pages, the query cache for `data`, also the login
 * guard for `guarded`, then the page's own.
 */
export function pageModules(page: WebPage): string[] {
  if (page.kind === 'entry' || !page.module) return [];
  const around = page.kind === 'data' ? [QUERY_BOUNDARY_MODULE] : page.kind === 'guarded' ? [QUERY_BOUNDARY_MODULE, LOGIN_GUARD_MODULE] : [];
  return [PAGE_ROUTES_MODULE, ...around, page.module];
}

/** Manifest key of the lazily loaded footer of every page (app/Layout.tsx), which a page but home first renders with. */
export const FOOTER_MODULE = 'app/Footer.tsx';

/** The lazily loaded modules (manifest keys) of a path that matches no page (the 404 page). */
export const UNKNOWN_PATH_MODULES = [PAGE_ROUTES_MODULE];

/**
 * The message catalogs a page at `pathname` (no query) shows besides `core` (lingui.config.ts): the web client
 * waits for them before the page renders (app/PageRoutes.tsx), the server's HTML preloads them but the home
 * page's (src/server/previews/preloads.ts). Home: `home` (its cards and footer take `common` with their own
 * chunks); a page of the table: `common`, `shared` and its group's; any other path (the 404 page): `common`.
 */
export function catalogPartsAt(pathname: string): CatalogPart[] {
  if (pathname === PAGES.home.path) return ['home'];
  return pageCatalogs(PAGE_LIST.find(([, { path }]) => pathRegExp(path).test(pathname))?.[1]);
}

/** The catalogs a page of the table but home shows besides `core` (`catalogPartsAt`); `undefined`: the 404 page's. */
export function pageCatalogs(page: WebPage | undefined): CatalogPart[] {
  return page?.catalog ? ['common', 'shared', page.catalog] : ['common'];
}

/** `pattern` (`/food/{id}`) in the `:name` syntax of the web router (wouter): `/food/:id`. */
export function routerPattern(pattern: string): string {
  return pattern.replace(/\{(\w+)\}/g, ':$1');
}

/** A regular expression matching a concrete path (no query) of `pattern`, each `{name}` one non-empty segment. */
export function pathRegExp(pattern: string): RegExp {
  const source = pattern
    .split(/\{\w+\}/)
    .map((part) => part.replace(/[.*+?^$()|[\]\\]/g, '\\$&'))
    .join('[^/]+');
  return new RegExp(`^${source}$`);
}

/** `id` as one path segment (percent-encoded, so a stray `/` or `?` cannot change the page). */
const segment = (id: string) => encodeURIComponent(id);

/** `/food/{id}`: a listing's detail page. */
export const foodPath = (foodId: string) => `/food/${segment(foodId)}`;
/** `/update-food/{id}`: a donor's form to change their listing. */
export const updateFoodPath = (foodId: string) => `/update-food/${segment(foodId)}`;
/** `/manage-food/{foodId}`: the requests for a donor's listing. */
export const manageFoodPath = (foodId: string) => `/manage-food/${segment(foodId)}`;
/** `/requests/{requestId}`: the conversation of a request between requester and donor. */
export const conversationPath = (requestId: string) => `/requests/${segment(requestId)}`;
/** `/wanted/{id}`: a Wanted post's page. */
export const wantedPath = (wantedId: string) => `/wanted/${segment(wantedId)}`;
