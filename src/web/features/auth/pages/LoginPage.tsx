import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Link, useLocation } from 'wouter';
import { useHistoryState } from 'wouter/use-browser-location';
import { usePageTitle } from '../../../lib/title.js';
import { toastFailure, toastSuccess } from '../../../lib/toast.js';
import { field, useFormAction } from '../../../lib/useFormAction.js';
import { Field, FormCard } from '../../../ui/FormCard.js';
import { signInEmail } from '../api/authClient.js';
import { GoogleButton } from '../components/GoogleButton.js';
import { googleSignIn, useGoogleOffered } from '../googleSignIn.js';
import { savedPath } from '../savedPath.js';
import { useAuth } from '../useAuth.js';
import '../../../ui/controls/divider.css';

/**
 * Login (SPEC.md §2 /login, §4 "Login"): email and password, a 'Forgot password?'
 * link, a Google button (popup, see `googleSignIn.ts`) and a link to /register.
 * Success: toast 'Login Successful', then the saved path or /.
 */
export default function LoginPage() {
  usePageTitle(t`Login`);
  const { track } = useAuth();
  const googleOffered = useGoogleOffered();
  const [, navigate] = useLocation();
  const state: unknown = useHistoryState();
  const id = useId();
  const target = savedPath(state);

  function signedIn() {
    toastSuccess(t`Login Successful`);
    void navigate(target, { replace: true });
  }

  const { busy, onSubmit } = useFormAction(async (data) => {
    await track(() => signInEmail(field(data, 'email'), String(data.get('password') ?? '')));
    signedIn();
  });

  // Not `busy` while the popup is open: a user who closes it can simply try again.
  async function handleGoogle() {
    try {
      if ((await googleSignIn(target, googleOffered)) !== 'signed-in') return;
      // The popup set the session cookie: read it with the loading state of SPEC.md §4.
      await track(async () => {});
      signedIn();
    } catch (err) {
      toastFailure(err);
    }
  }

  return (
    <FormCard title={t`Login`}>
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field id={`${id}-email`} label={t`Email`} name="email" type="email" autoComplete="email" required />
        <Field
          id={`${id}-password`}
          label={t`Password`}
          name="password"
          type="password"
          autoComplete="current-password"
          required
          after={
            <Link to="/forgot-password" className="link link-primary self-end text-sm">
              <Trans>Forgot password?</Trans>
            </Link>
          }
        />
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          <Trans>Login</Trans>
        </button>
      </form>
      <div className="divider my-0">
        <Trans>or</Trans>
      </div>
      <GoogleButton onClick={() => void handleGoogle()} disabled={busy} />
      <p className="text-center">
        <Trans>New here?</Trans>{' '}
        <Link to="/register" state={state} className="link link-primary font-semibold">
          <Trans>Register</Trans>
        </Link>
      </p>
    </FormCard>
  );
}
