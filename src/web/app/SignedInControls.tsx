import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { lazy, Suspense } from 'react';
import { useAuth, type AppUser } from '../features/auth/useAuth.js';
import { Link } from 'wouter';
import { toastFailure, toastSuccess } from '../lib/toast.js';
import { Avatar } from '../ui/Avatar.js';
import { withMessages } from '../lib/i18n.js';

/** The notification bell inside the query cache; both chunks load in parallel, once someone is signed in. */
const LiveBell = lazy(async () => {
  const [{ default: QueryBoundary }, { default: Bell }] = await Promise.all([
    import('./QueryBoundary.js'),
    withMessages(() => import('../features/notifications/components/LiveBell.js'), ['session'])(),
  ]);
  return {
    default: () => (
      <QueryBoundary>
        <Bell />
      </QueryBoundary>
    ),
  };
});

/**
 * The end of the navigation bar for a signed-in user (SPEC.md §2 "Layout"): the
 * notification bell, the avatar linking to /profile, and Logout. Loaded
 * by Navbar only once someone is signed in.
 */
export default function SignedInControls({ user }: { user: AppUser }) {
  const { loading, signOutUser } = useAuth();

  async function logout() {
    try {
      await signOutUser();
      toastSuccess(t`LogOut Successful`);
    } catch (err) {
      toastFailure(err);
    }
  }

  return (
    <>
      <Suspense fallback={null}>
        <LiveBell />
      </Suspense>
      <Link to="/profile" aria-label={t`Profile`}>
        <Avatar name={user.displayName} src={user.photoURL} size={40} eager className="h-8 w-8 ring-2 ring-indigo-200 sm:h-10 sm:w-10" />
      </Link>
      <button type="button" className="btn btn-outline btn-sm sm:btn-md" onClick={() => void logout()} disabled={loading}>
        <Trans>Logout</Trans>
      </button>
    </>
  );
}
