import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { LIMITS } from '../../../../contract/limits.js';
import { Link, useLocation, useSearch } from 'wouter';
import { resetPassword, signInEmail } from '../api/authClient.js';
import { useAuth } from '../useAuth.js';
import { Field, FormCard } from '../../../ui/FormCard.js';
import { usePageTitle } from '../../../lib/title.js';
import { toastError, toastSuccess } from '../../../lib/toast.js';
import { field, useFormAction } from '../../../lib/useFormAction.js';

/**
 * `/reset-password?token=…`, the page of the mailed link (DESIGN.md "Identity").
 * The user gives their email and a new password: the token sets the password (and
 * the server ends every session of the account), then the page signs in with the
 * email and the new password, so the user arrives signed in (loading state as
 * SPEC.md §4 "password reset"). An expired or used link shows an error toast.
 */
export default function ResetPasswordPage() {
  usePageTitle(t`Reset Password`);
  const { track } = useAuth();
  const [, navigate] = useLocation();
  // useSearch, not useSearchParams, which would add to the entry chunk (DESIGN.md "Weight budget").
  const params = new URLSearchParams(useSearch());
  const token = params.get('token');
  const id = useId();
  const { busy, onSubmit } = useFormAction(async (data) => {
    if (!token) return;
    const email = field(data, 'email');
    const password = String(data.get('password') ?? '');
    // Two auth actions, each with the loading state of SPEC.md §4: the reset (its
    // failure is the form's error toast), then the sign-in.
    await track(() => resetPassword(token, password));
    try {
      await track(() => signInEmail(email, password));
      toastSuccess(t`Password Reset Successful`);
      void navigate('/', { replace: true });
    } catch (err) {
      // The token was good but the email was not this account's: the new password stands.
      toastError(t`Your password was changed, but signing in failed: ${err instanceof Error ? err.message : String(err)}`);
      void navigate('/login', { replace: true });
    }
  });

  return (
    <FormCard title={t`Reset Password`}>
      {token ? (
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <p><Trans>Choose a new password. You will be signed out everywhere else and signed in here.</Trans></p>
          <Field id={`${id}-email`} label={t`Email`} name="email" type="email" autoComplete="username" required />
          <Field
            id={`${id}-password`}
            label={t`New Password`}
            name="password"
            type="password"
            autoComplete="new-password"
            required
            minLength={LIMITS.passwordMin}
            hint={t`At least ${LIMITS.passwordMin} characters.`}
          />
          <button type="submit" className="btn btn-primary w-full" disabled={busy}>
            <Trans>Reset Password</Trans>
          </button>
        </form>
      ) : (
        <p role="alert"><Trans>This reset link is incomplete. Open the link from the mail again, or ask for a new one.</Trans></p>
      )}
      <p className="text-center">
        <Trans>Link expired?</Trans>{' '}
        <Link to="/forgot-password" className="link link-primary font-semibold">
          <Trans>Ask for a new link</Trans>
        </Link>
      </p>
    </FormCard>
  );
}
