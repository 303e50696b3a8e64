/**
 * The routes of SPEC.md §2 in React Router's declarative mode (DESIGN.md "Weight
 * budget": the data router does not fit the home page's 90 KB). Home is in the
 * entry chunk; every other page is its own lazily loaded chunk, and the data
 * pages sit below the lazily loaded `QueryBoundary` that brings TanStack Query;
 * the login-required ones also below the lazily loaded guard `Protected`. The
 * account pages and the 404 page come with the lazily loaded `AccountRoutes`.
 */
import { lazy } from 'react';
import { Route, Routes } from 'react-router';
import { Layout } from './components/Layout.js';
import HomePage from './pages/HomePage.js';

const QueryBoundary = lazy(() => import('./api/QueryBoundary.js'));
const Protected = lazy(() => import('./auth/Protected.js'));
const LoginPage = lazy(() => import('./pages/LoginPage.js'));
const RegisterPage = lazy(() => import('./pages/RegisterPage.js'));
const AvailableFoodsPage = lazy(() => import('./pages/AvailableFoodsPage.js'));
const FoodDetailsPage = lazy(() => import('./pages/FoodDetailsPage.js'));
const AddFoodPage = lazy(() => import('./pages/AddFoodPage.js'));
const ManageMyFoodsPage = lazy(() => import('./pages/ManageMyFoodsPage.js'));
const UpdateFoodPage = lazy(() => import('./pages/UpdateFoodPage.js'));
const ManageFoodPage = lazy(() => import('./pages/ManageFoodPage.js'));
const MyFoodRequestPage = lazy(() => import('./pages/MyFoodRequestPage.js'));
const AccountRoutes = lazy(() => import('./AccountRoutes.js'));

/** All routes inside the shared layout. */
export function App() {
  return (
    <Routes>
      <Route element={<Layout />}>
        <Route index element={<HomePage />} />
        <Route path="login" element={<LoginPage />} />
        <Route path="register" element={<RegisterPage />} />
        <Route element={<QueryBoundary />}>
          <Route path="available-foods" element={<AvailableFoodsPage />} />
          <Route path="food/:id" element={<FoodDetailsPage />} />
          <Route element={<Protected />}>
            <Route path="add-food" element={<AddFoodPage />} />
            <Route path="manage-my-foods" element={<ManageMyFoodsPage />} />
            <Route path="update-food/:id" element={<UpdateFoodPage />} />
            <Route path="manage-food/:foodId" element={<ManageFoodPage />} />
            <Route path="my-food-request" element={<MyFoodRequestPage />} />
          </Route>
        </Route>
        <Route path="*" element={<AccountRoutes />} />
      </Route>
    </Routes>
  );
}
