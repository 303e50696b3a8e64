import { useId, useState, type FormEvent } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { googleSignIn, useGoogleOffered } from '../googleSignIn.js';
import { useAuth } from '../useAuth.js';
import { savedPath } from '../savedPath.js';
import { usePageTitle } from '../../../lib/title.js';
import { toastError, toastSuccess } from '../../../lib/toast.js';

/**
 * Login (SPEC.md §2 /login, §4 "Login"): email and password, a 'Forgot password?'
 * link, a Google button (popup, see `auth/googleSignIn.ts`) and a link to /register.
 * Success: toast 'Login Successful', then the saved path or /.
 */
export default function LoginPage() {
  usePageTitle('Login');
  const { signIn, track } = useAuth();
  const googleOffered = useGoogleOffered();
  const navigate = useNavigate();
  const location = useLocation();
  const id = useId();
  const [busy, setBusy] = useState(false);
  const target = savedPath(location.state);

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    setBusy(true);
    try {
      await signIn(String(data.get('email') ?? ''), String(data.get('password') ?? ''));
      toastSuccess('Login Successful');
      void navigate(target, { replace: true });
    } catch (err) {
      toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  // Not `busy` while the popup is open: a user who closes it can simply try again.
  async function handleGoogle() {
    try {
      if ((await googleSignIn(target, googleOffered)) !== 'signed-in') return;
      // The popup set the session cookie: read it with the loading state of SPEC.md §4.
      await track(async () => {});
      toastSuccess('Login Successful');
      void navigate(target, { replace: true });
    } catch (err) {
      toastError(err instanceof Error ? err.message : String(err));
    }
  }

  return (
    <div className="mx-auto w-full max-w-md">
      <div className="card border border-base-200 bg-base-100 shadow-lg">
        <div className="card-body gap-5">
          <h1 className="text-center text-3xl font-bold">Login</h1>
          <form onSubmit={(e) => void handleSubmit(e)} className="flex flex-col gap-4">
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-email`} className="font-medium">
                Email
              </label>
              <input id={`${id}-email`} name="email" type="email" autoComplete="email" required className="input input-bordered w-full" />
            </div>
            <div className="flex flex-col gap-1">
              <label htmlFor={`${id}-password`} className="font-medium">
                Password
              </label>
              <input
                id={`${id}-password`}
                name="password"
                type="password"
                autoComplete="current-password"
                required
                className="input input-bordered w-full"
              />
              <Link to="/forgot-password" className="link link-primary self-end text-sm">
                Forgot password?
              </Link>
            </div>
            <button type="submit" className="btn btn-primary w-full" disabled={busy}>
              Login
            </button>
          </form>
          <div className="divider my-0">or</div>
          <button type="button" className="btn btn-outline w-full" onClick={() => void handleGoogle()} disabled={busy}>
            <svg aria-hidden="true" viewBox="0 0 48 48" className="h-5 w-5">
              <path fill="#FFC107" d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.3 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z" />
              <path fill="#FF3D00" d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z" />
              <path fill="#4CAF50" d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.3 0-9.7-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z" />
              <path fill="#1976D2" d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z" />
            </svg>
            Sign in with Google
          </button>
          <p className="text-center">
            New here?{' '}
            <Link to="/register" state={location.state} className="link link-primary font-semibold">
              Register
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
