/**
 * The one route table of the web client: every route of SPEC.md §2 and of the
 * account pages (issue 3), in React Router's declarative mode (DESIGN.md "Weight
 * budget": the data router does not fit the home page's 90 KB). Home and the 404
 * page (a heading and a link, lighter than its lazy loader) are in the entry chunk;
 * every other page is its own lazily loaded chunk. Data pages sit
 * below the lazily loaded `QueryBoundary` that brings TanStack Query, and
 * login-required pages below the lazily loaded guard `RequireAuth`.
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
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

/** All routes inside the shared layout; unknown paths get the 404 page. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route path="auth/popup-done" element={<GoogleDonePage />} />
        <Route path="forgot-password" element={<ForgotPasswordPage />} />
        <Route path="reset-password" element={<ResetPasswordPage />} />
        <Route element={<RequireAuth />}>
          <Route path="profile" element={<ProfilePage />} />
          <Route path="account" element={<AccountPage />} />
        </Route>
        <Route element={<QueryBoundary />}>
          <Route path="available-foods" element={<AvailableFoodsPage />} />
          <Route path="food/:id" element={<FoodDetailsPage />} />
          <Route element={<RequireAuth />}>
            <Route path="add-food" element={<AddFoodPage />} />
            <Route path="manage-my-foods" element={<ManageMyFoodsPage />} />
            <Route path="update-food/:id" element={<UpdateFoodPage />} />
            <Route path="manage-food/:foodId" element={<ManageFoodPage />} />
            <Route path="my-food-request" element={<MyFoodRequestPage />} />
            <Route path="requests/:requestId" element={<ConversationPage />} />
            <Route path="notifications" element={<NotificationsPage />} />
            <Route path="settings/notifications" element={<NotificationSettingsPage />} />
          </Route>
        </Route>
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
