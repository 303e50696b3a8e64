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
import { lazy, type ComponentType } from 'react';
import { PAGE_LIST, pageCatalogs, routerPattern, type PageKind, type PageName } from '../../contract/routes.js';
import { Route, Switch } from 'wouter';
import type { CatalogPart } from '../../contract/locale-codes.js';
import { PageMessages } from '../lib/i18n.js';
import NotFoundPage from './NotFoundPage.js';

const QueryBoundary = lazy(() => import('./QueryBoundary.js'));
const RequireAuth = lazy(() => import('../features/auth/RequireAuth.js'));

type Page = ComponentType;

/** The page of each table entry but home (app/routes.tsx), lazily loaded from the entry's `module`. */
const PAGES: Record<Exclude<PageName, 'home'>, Page> = {
  login: lazy(() => import('../features/auth/pages/LoginPage.js')),
  register: lazy(() => import('../features/auth/pages/RegisterPage.js')),
  googleDone: lazy(() => import('../features/auth/pages/GoogleDonePage.js')),
  forgotPassword: lazy(() => import('../features/auth/pages/ForgotPasswordPage.js')),
  resetPassword: lazy(() => import('../features/auth/pages/ResetPasswordPage.js')),
  profile: lazy(() => import('../features/account/pages/ProfilePage.js')),
  account: lazy(() => import('../features/account/pages/AccountPage.js')),
  availableFoods: lazy(() => import('../features/foods/pages/AvailableFoodsPage.js')),
  food: lazy(() => import('../features/foods/pages/FoodDetailsPage.js')),
  addFood: lazy(() => import('../features/foods/pages/AddFoodPage.js')),
  manageMyFoods: lazy(() => import('../features/foods/pages/ManageMyFoodsPage.js')),
  updateFood: lazy(() => import('../features/foods/pages/UpdateFoodPage.js')),
  manageFood: lazy(() => import('../features/requests/pages/ManageFoodPage.js')),
  myFoodRequests: lazy(() => import('../features/requests/pages/MyFoodRequestPage.js')),
  conversation: lazy(() => import('../features/messages/pages/ConversationPage.js')),
  notifications: lazy(() => import('../features/notifications/pages/NotificationsPage.js')),
  notificationSettings: lazy(() => import('../features/notifications/pages/NotificationSettingsPage.js')),
  wantedList: lazy(() => import('../features/wanted/pages/WantedListPage.js')),
  wanted: lazy(() => import('../features/wanted/pages/WantedPage.js')),
  moderation: lazy(() => import('../features/safety/pages/ModerationPage.js')),
  moderationLog: lazy(() => import('../features/safety/pages/ModerationLogPage.js')),
};

/** Page `P` wrapped as its table kind says: below the query cache, and the login guard; waiting for catalogs `parts` when given. */
function wrap(kind: PageKind, P: Page, parts?: CatalogPart[]): Page {
  if (parts) {
    const Inner = wrap(kind, P);
    return () => (
      <PageMessages parts={parts}>
        <Inner />
      </PageMessages>
    );
  }
  if (kind === 'data')
    return () => (
      <QueryBoundary>
        <P />
      </QueryBoundary>
    );
  if (kind === 'guarded')
    return () => (
      <QueryBoundary>
        <RequireAuth>
          <P />
        </RequireAuth>
      </QueryBoundary>
    );
  return P;
}

/** Router pattern → page, in the table's match order; each waits for the catalogs its path shows (`catalogPartsAt`, the ones the server preloads). */
const ROUTES: [string, Page][] = PAGE_LIST.flatMap(([name, page]) =>
  name === 'home' ? [] : [[routerPattern(page.path), wrap(page.kind, PAGES[name], pageCatalogs(page))]],
);

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
