import { Outlet } from 'react-router';
import { PrivateRoute } from './PrivateRoute.js';

/** Layout route that puts the login-required pages of SPEC.md §2 behind {@link PrivateRoute}. */
export default function Protected() {
  return (
    <PrivateRoute>
      <Outlet />
    </PrivateRoute>
  );
}
