import { lazy, Suspense } from 'react';
import { useAuth, type AppUser } from '../features/auth/useAuth.js';
import { Link } from '../lib/router.js';
import { toastFailure, toastSuccess } from '../lib/toast.js';

const LiveBell = lazy(() => import('../features/notifications/components/LiveBell.js'));

function Avatar({ name, photoURL }: { name: string; photoURL: string }) {
  if (!photoURL) {
    return (
      <span
        role="img"
        aria-label={name}
        className="flex h-10 w-10 items-center justify-center rounded-full bg-indigo-700 font-semibold text-white"
      >
        {name.trim().charAt(0).toUpperCase() || '?'}
      </span>
    );
  }
  return (
    <img
      src={photoURL}
      alt={name}
      width={40}
      height={40}
      referrerPolicy="no-referrer"
      className="h-10 w-10 rounded-full object-cover ring-2 ring-indigo-200"
    />
  );
}

/**
 * The end of the navigation bar for a signed-in user (SPEC.md §2 "Layout"): the
 * notification bell (issue 11), the avatar linking to /profile, and Logout. Loaded
 * by Navbar only once someone is signed in (issue 21).
 */
export default function SignedInControls({ user }: { user: AppUser }) {
  const { loading, signOutUser } = useAuth();

  async function logout() {
    try {
      await signOutUser();
      toastSuccess('LogOut Successful');
    } catch (err) {
      toastFailure(err);
    }
  }

  return (
    <>
      <Suspense fallback={null}>
        <LiveBell />
      </Suspense>
      <Link to="/profile" aria-label="Profile">
        <Avatar name={user.displayName} photoURL={user.photoURL} />
      </Link>
      <button type="button" className="btn btn-outline" onClick={() => void logout()} disabled={loading}>
        Logout
      </button>
    </>
  );
}
