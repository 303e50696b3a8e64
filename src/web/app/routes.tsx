/**
 * The one route table of the web client: every route of SPEC.md §2 and of the
 * account pages (issue 3), matched by wouter (issue 21: React Router cost 15 KB of
 * the home page's initial JS). Home and the 404
 * page (a heading and a link, lighter than its lazy loader) are in the entry chunk;
 * every other page is its own lazily loaded chunk. Data pages sit
 * inside the lazily loaded `QueryBoundary` that brings TanStack Query, and
 * login-required pages inside the lazily loaded guard `RequireAuth`. A page opened
 * directly renders once its chunks are in (`preloadRoute`, called by `main.tsx`; issue 21).
 */
import type { ComponentType } from 'react';
import { preloadable, type Preloadable } from '../lib/preloadable.js';
import { Route, Switch } from '../lib/router.js';
import HomePage from '../features/home/pages/HomePage.js';
import { Layout } from './Layout.js';
import NotFoundPage from './NotFoundPage.js';

const QueryBoundary = preloadable(() => import('./QueryBoundary.js'));
const RequireAuth = preloadable(() => import('../features/auth/RequireAuth.js'));

const LoginPage = preloadable(() => import('../features/auth/pages/LoginPage.js'));
const RegisterPage = preloadable(() => import('../features/auth/pages/RegisterPage.js'));
const GoogleDonePage = preloadable(() => import('../features/auth/pages/GoogleDonePage.js'));
const ForgotPasswordPage = preloadable(() => import('../features/auth/pages/ForgotPasswordPage.js'));
const ResetPasswordPage = preloadable(() => import('../features/auth/pages/ResetPasswordPage.js'));
const ProfilePage = preloadable(() => import('../features/account/pages/ProfilePage.js'));
const AccountPage = preloadable(() => import('../features/account/pages/AccountPage.js'));

const AvailableFoodsPage = preloadable(() => import('../features/foods/pages/AvailableFoodsPage.js'));
const FoodDetailsPage = preloadable(() => import('../features/foods/pages/FoodDetailsPage.js'));
const AddFoodPage = preloadable(() => import('../features/foods/pages/AddFoodPage.js'));
const ManageMyFoodsPage = preloadable(() => import('../features/foods/pages/ManageMyFoodsPage.js'));
const UpdateFoodPage = preloadable(() => import('../features/foods/pages/UpdateFoodPage.js'));
const ManageFoodPage = preloadable(() => import('../features/requests/pages/ManageFoodPage.js'));
const MyFoodRequestPage = preloadable(() => import('../features/requests/pages/MyFoodRequestPage.js'));
const ConversationPage = preloadable(() => import('../features/messages/pages/ConversationPage.js'));
const NotificationsPage = preloadable(() => import('../features/notifications/pages/NotificationsPage.js'));
const NotificationSettingsPage = preloadable(() => import('../features/notifications/pages/NotificationSettingsPage.js'));
const ModerationPage = preloadable(() => import('../features/safety/pages/ModerationPage.js'));
const ModerationLogPage = preloadable(() => import('../features/safety/pages/ModerationLogPage.js'));

/** A routed page, with the lazily loaded components it renders through (none for the entry's pages). */
type Page = ComponentType & { chunks?: Pick<Preloadable<object>, 'preload'>[] };

/** A page of its own chunk. */
const own = (P: Preloadable<object>): Page => Object.assign(() => <P />, { chunks: [P] });
/** A public data page: below the lazily loaded query cache. */
const data = (P: Preloadable<object>): Page =>
  Object.assign(
    () => (
      <QueryBoundary>
        <P />
      </QueryBoundary>
    ),
    { chunks: [QueryBoundary, P] },
  );
/** A login-required data page. */
const guarded = (P: Preloadable<object>): Page =>
  Object.assign(
    () => (
      <QueryBoundary>
        <RequireAuth>
          <P />
        </RequireAuth>
      </QueryBoundary>
    ),
    { chunks: [QueryBoundary, RequireAuth, P] },
  );

/** Path → page, in match order; unknown paths get the 404 page. */
const ROUTES: [string, Page][] = [
  ['/', HomePage],
  ['/login', own(LoginPage)],
  ['/register', own(RegisterPage)],
  ['/auth/popup-done', own(GoogleDonePage)],
  ['/forgot-password', own(ForgotPasswordPage)],
  ['/reset-password', own(ResetPasswordPage)],
  ['/profile', guarded(ProfilePage)],
  ['/account', guarded(AccountPage)],
  ['/available-foods', data(AvailableFoodsPage)],
  ['/food/:id', data(FoodDetailsPage)],
  ['/add-food', guarded(AddFoodPage)],
  ['/manage-my-foods', guarded(ManageMyFoodsPage)],
  ['/update-food/:id', guarded(UpdateFoodPage)],
  ['/manage-food/:foodId', guarded(ManageFoodPage)],
  ['/my-food-request', guarded(MyFoodRequestPage)],
  ['/requests/:requestId', guarded(ConversationPage)],
  ['/notifications', guarded(NotificationsPage)],
  ['/settings/notifications', guarded(NotificationSettingsPage)],
  // Issue 19: not guarded; everyone but moderators gets the 404 page, signed in or not.
  ['/moderation', data(ModerationPage)],
  ['/moderation/log', data(ModerationLogPage)],
];

/** `path` of ROUTES as a regular expression, as wouter matches it (`:name` segments, an optional trailing slash, any case). */
const pattern = (path: string) => new RegExp(`^${path.replace(/:[^/]+/g, '[^/]+')}/?$`, 'i');
const MATCHERS = ROUTES.map(([path, page]) => [pattern(path), page] as const);

/**
 * Loads the lazily loaded chunks of the page at `pathname` (issue 21: a page opened
 * directly renders once, not a spinner first); undefined when that page has none (home,
 * the 404 page). Rejects when a chunk fails to load.
 */
export function preloadRoute(pathname: string): Promise<void> | undefined {
  const chunks = MATCHERS.find(([re]) => re.test(pathname))?.[1].chunks;
  return chunks && Promise.all(chunks.map((c) => c.preload())).then(() => undefined);
}

/** All routes inside the shared layout. */
export function AppRoutes() {
  return (
    <Layout>
      <Switch>
        {ROUTES.map(([path, page]) => (
          <Route key={path} path={path} component={page} />
        ))}
        <Route component={NotFoundPage} />
      </Switch>
    </Layout>
  );
}
