/**
 * The account pages of issue 3 (Google's return page, password reset, profile)
 * and the 404 page of SPEC.md §2, as descendant routes of App's catch-all route.
 * They live in this lazily loaded chunk so that their route table adds nothing to
 * the home page's initial JS (DESIGN.md "Weight budget").
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import Protected from './auth/Protected.js';

const GoogleDonePage = lazy(() => import('./pages/GoogleDonePage.js'));
const ForgotPasswordPage = lazy(() => import('./pages/ForgotPasswordPage.js'));
const ResetPasswordPage = lazy(() => import('./pages/ResetPasswordPage.js'));
const ProfilePage = lazy(() => import('./pages/ProfilePage.js'));
const NotFoundPage = lazy(() => import('./pages/NotFoundPage.js'));

/** `/auth/popup-done`, `/forgot-password`, `/reset-password`, `/profile` (login required), else 404. */
export default function AccountRoutes() {
  return (
    <Routes>
      <Route path="auth/popup-done" element={<GoogleDonePage />} />
      <Route path="forgot-password" element={<ForgotPasswordPage />} />
      <Route path="reset-password" element={<ResetPasswordPage />} />
      <Route element={<Protected />}>
        <Route path="profile" element={<ProfilePage />} />
      </Route>
      <Route path="*" element={<NotFoundPage />} />
    </Routes>
  );
}
