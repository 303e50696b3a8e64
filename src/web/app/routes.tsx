/**
 * The one route table of the web client: every route of SPEC.md §2 and of the
 * account pages, matched by wouter (React Router cost 15 KB of
 * the home page's initial JS). Home and the 404
 * page (a heading and a link, lighter than its lazy loader) are in the entry chunk;
 * every other page is its own lazily loaded chunk. Data pages sit
 * inside the lazily loaded `QueryBoundary` that brings TanStack Query, and
 * login-required pages inside the lazily loaded guard `RequireAuth`.
 */
import { lazy, type ComponentType } from 'react';
import { Route, Switch } from '../lib/router.js';
import HomePage from '../features/home/pages/HomePage.js';
import { Layout } from './Layout.js';
import NotFoundPage from './NotFoundPage.js';

const QueryBoundary = lazy(() => import('./QueryBoundary.js'));
const RequireAuth = lazy(() => import('../features/auth/RequireAuth.js'));

const LoginPage = lazy(() => import('../features/auth/pages/LoginPage.js'));
const RegisterPage = lazy(() => import('../features/auth/pages/RegisterPage.js'));
const GoogleDonePage = lazy(() => import('../features/auth/pages/GoogleDonePage.js'));
const ForgotPasswordPage = lazy(() => import('../features/auth/pages/ForgotPasswordPage.js'));
const ResetPasswordPage = lazy(() => import('../features/auth/pages/ResetPasswordPage.js'));
const ProfilePage = lazy(() => import('../features/account/pages/ProfilePage.js'));
const AccountPage = lazy(() => import('../features/account/pages/AccountPage.js'));

const AvailableFoodsPage = lazy(() => import('../features/foods/pages/AvailableFoodsPage.js'));
const FoodDetailsPage = lazy(() => import('../features/foods/pages/FoodDetailsPage.js'));
const AddFoodPage = lazy(() => import('../features/foods/pages/AddFoodPage.js'));
const ManageMyFoodsPage = lazy(() => import('../features/foods/pages/ManageMyFoodsPage.js'));
const UpdateFoodPage = lazy(() => import('../features/foods/pages/UpdateFoodPage.js'));
const ManageFoodPage = lazy(() => import('../features/requests/pages/ManageFoodPage.js'));
const MyFoodRequestPage = lazy(() => import('../features/requests/pages/MyFoodRequestPage.js'));
const ConversationPage = lazy(() => import('../features/messages/pages/ConversationPage.js'));
const NotificationsPage = lazy(() => import('../features/notifications/pages/NotificationsPage.js'));
const NotificationSettingsPage = lazy(() => import('../features/notifications/pages/NotificationSettingsPage.js'));
const ModerationPage = lazy(() => import('../features/safety/pages/ModerationPage.js'));
const ModerationLogPage = lazy(() => import('../features/safety/pages/ModerationLogPage.js'));

type Page = ComponentType;

/** A public data page: below the lazily loaded query cache. */
const data = (P: Page) => () => (
  <QueryBoundary>
    <P />
  </QueryBoundary>
);
/** A login-required data page. */
const guarded = (P: Page) => () => (
  <QueryBoundary>
    <RequireAuth>
      <P />
    </RequireAuth>
  </QueryBoundary>
);

/** Path → page, in match order; unknown paths get the 404 page. */
const ROUTES: [string, Page][] = [
  ['/', HomePage],
  ['/login', LoginPage],
  ['/register', RegisterPage],
  ['/auth/popup-done', GoogleDonePage],
  ['/forgot-password', ForgotPasswordPage],
  ['/reset-password', ResetPasswordPage],
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
  // Not guarded; everyone but moderators gets the 404 page, signed in or not.
  ['/moderation', data(ModerationPage)],
  ['/moderation/log', data(ModerationLogPage)],
];

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
