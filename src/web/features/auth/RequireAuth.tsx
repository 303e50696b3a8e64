import { t } from '@lingui/core/macro';
import { useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { toastError } from '../../lib/toast.js';
import { Spinner } from '../../ui/Spinner.js';
import { useAuth } from './useAuth.js';

/** Toast id: keeps the guard's toast single even when the guard renders twice (StrictMode). */
const ACCESS_DENIED_ID = 'access-denied';

function AccessDenied({ from }: { from: string }) {
  const [, navigate] = useLocation();
  useEffect(() => {
    toastError(t`Access Denied: Please Log In`, { id: ACCESS_DENIED_ID });
    void navigate('/login', { state: { from }, replace: true });
  }, [navigate, from]);
  return null;
}

/**
 * The route guard of SPEC.md §2, around each login-required page (`children`):
 * a loader while auth is loading; signed-out users go to /login carrying the
 * original path, with the toast 'Access Denied: Please Log In'.
 */
export default function RequireAuth({ children }: { children: ReactNode }) {
  const { user, loading } = useAuth();
  const [pathname] = useLocation();
  if (loading) return <Spinner fullPage />;
  if (!user) return <AccessDenied from={pathname} />;
  return children;
}
