/**
 * The web client's routes of every page but home, and the 404 page: the contract's table
 * (src/contract/routes.ts, SPEC.md §2) matched by wouter, in a chunk of its own that the
 * entry's router (app/routes.tsx) loads for any path but `/` and the server preloads for them
 * (src/server/previews/preloads.ts). Every page is its own lazily loaded chunk, imported below
 * by a static `import()` for Vite (tests/unit/route-table.test.ts checks each against the
 * table's manifest key). Data pages sit inside the lazily loaded `QueryBoundary` that brings
 * TanStack Query, and login-required pages inside the lazily loaded guard `RequireAuth`. Each
 * page also waits for its message catalogs (lib/i18n.ts), which load beside it.
 */
import type { ComponentType, ReactNode } from 'react';
import { PAGE_LIST, pageCatalogs, pathRegExp, routerPattern, type PageKind, type PageName } from '../../contract/routes.js';
import { Route, Switch } from 'wouter';
import type { CatalogPart } from '../../contract/locale-codes.js';
import { loadMessages, PageMessages } from '../lib/i18n.js';
import { preloadable, type Preloadable } from '../lib/preloadable.js';
import NotFoundPage from './NotFoundPage.js';

const QueryBoundary = preloadable(() => import('./QueryBoundary.js'));
const RequireAuth = preloadable(() => import('../features/auth/RequireAuth.js'));

type Page = ComponentType;

/** The page of each table entry but home (app/routes.tsx), lazily loaded from the entry's `module`. */
const PAGES: Record<Exclude<PageName, 'home'>, Preloadable<object>> = {
  login: preloadable(() => import('../features/auth/pages/LoginPage.js')),
  register: preloadable(() => import('../features/auth/pages/RegisterPage.js')),
  googleDone: preloadable(() => import('../features/auth/pages/GoogleDonePage.js')),
  forgotPassword: preloadable(() => import('../features/auth/pages/ForgotPasswordPage.js')),
  resetPassword: preloadable(() => import('../features/auth/pages/ResetPasswordPage.js')),
  profile: preloadable(() => import('../features/account/pages/ProfilePage.js')),
  account: preloadable(() => import('../features/account/pages/AccountPage.js')),
  availableFoods: preloadable(() => import('../features/foods/pages/AvailableFoodsPage.js')),
  food: preloadable(() => import('../features/foods/pages/FoodDetailsPage.js')),
  addFood: preloadable(() => import('../features/foods/pages/AddFoodPage.js')),
  manageMyFoods: preloadable(() => import('../features/foods/pages/ManageMyFoodsPage.js')),
  updateFood: preloadable(() => import('../features/foods/pages/UpdateFoodPage.js')),
  manageFood: preloadable(() => import('../features/requests/pages/ManageFoodPage.js')),
  myFoodRequests: preloadable(() => import('../features/requests/pages/MyFoodRequestPage.js')),
  conversation: preloadable(() => import('../features/messages/pages/ConversationPage.js')),
  notifications: preloadable(() => import('../features/notifications/pages/NotificationsPage.js')),
  notificationSettings: preloadable(() => import('../features/notifications/pages/NotificationSettingsPage.js')),
  wantedList: preloadable(() => import('../features/wanted/pages/WantedListPage.js')),
  wanted: preloadable(() => import('../features/wanted/pages/WantedPage.js')),
  moderation: preloadable(() => import('../features/safety/pages/ModerationPage.js')),
  moderationLog: preloadable(() => import('../features/safety/pages/ModerationLogPage.js')),
};

/** The wrappers a page of `kind` renders below, outermost first (`wrap`, `preparePage`). */
const WRAPPERS: Record<PageKind, Preloadable<{ children: ReactNode }>[]> = {
  entry: [],
  lazy: [],
  data: [QueryBoundary],
  guarded: [QueryBoundary, RequireAuth],
};

/** Page `P` below its kind's wrappers (the query cache, and the login guard), once its catalogs `parts` are loaded. */
function wrap(kind: PageKind, P: Page, parts: CatalogPart[]): Page {
  const Wrapped = WRAPPERS[kind].reduceRight<Page>(
    (Inner, Wrapper) => () => (
      <Wrapper>
        <Inner />
      </Wrapper>
    ),
    P,
  );
  return () => (
    <PageMessages parts={parts}>
      <Wrapped />
    </PageMessages>
  );
}

/** Router pattern → page, in the table's match order; each waits for the catalogs its path shows (`catalogPartsAt`, the ones the server preloads). */
const ROUTES: [string, Page][] = PAGE_LIST.flatMap(([name, page]) =>
  name === 'home' ? [] : [[routerPattern(page.path), wrap(page.kind, PAGES[name], pageCatalogs(page))]],
);

/**
 * Loads what the page at `pathname` renders with (its chunk, its wrappers' and its catalogs, the ones the server
 * preloads), so its first render does not suspend (lib/preloadable.tsx); settles when they have loaded or one failed
 * (the page's own render then shows the failure).
 */
export async function preparePage(pathname: string): Promise<void> {
  const [name, page] = PAGE_LIST.find(([, { path }]) => pathRegExp(path).test(pathname)) ?? [];
  const loads: Promise<unknown>[] = [loadMessages(pageCatalogs(page))];
  if (page && name !== 'home') loads.push(PAGES[name!].preload(), ...WRAPPERS[page.kind].map((w) => w.preload()));
  await Promise.allSettled(loads);
}

/** The 404 page, once its texts are loaded. */
function NotFoundRoute() {
  return (
    <PageMessages parts={pageCatalogs(undefined)}>
      <NotFoundPage />
    </PageMessages>
  );
}

/** The page of the location among the table's, or the 404 page. */
export default function PageRoutes() {
  return (
    <Switch>
      {ROUTES.map(([path, page]) => (
        <Route key={path} path={path} component={page} />
      ))}
      <Route component={NotFoundRoute} />
    </Switch>
  );
}
