import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link } from 'wouter';
import { requestPasswordReset } from '../api/authClient.js';
import { Field, FormCard } from '../../../ui/FormCard.js';
import { usePageTitle } from '../../../lib/title.js';
import { field, useFormAction } from '../../../lib/useFormAction.js';

/**
 * `/forgot-password` (DESIGN.md "Identity": password reset by email): asks for the
 * email and has the server mail a reset link. The confirmation reads the same
 * whether or not an account has that email, as the server's answer does.
 * Failures (e.g. too many requests) show an error toast with their message.
 */
export default function ForgotPasswordPage() {
  usePageTitle(t`Forgot Password`);
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, onSubmit } = useFormAction(async (data) => {
    const email = field(data, 'email');
    await requestPasswordReset(email);
    setSentTo(email);
  });

  return (
    <FormCard title={t`Forgot Password`}>
      {sentTo === null ? (
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <p><Trans>Enter the email of your account and we will mail you a link to choose a new password.</Trans></p>
          <Field id={`${id}-email`} label={t`Email`} name="email" type="email" autoComplete="email" required />
          <button type="submit" className="btn btn-primary w-full" disabled={busy}>
            <Trans>Send Reset Link</Trans>
          </button>
        </form>
      ) : (
        <div role="status" className="flex flex-col gap-3">
          <p className="text-lg font-semibold"><Trans>Check your email</Trans></p>
          <p>
            <Trans>If an account exists for</Trans> <strong className="break-all">{sentTo}</strong><Trans>, we have sent it a link to reset the
            password. The link works once and expires in 1 hour.</Trans>
          </p>
          <button type="button" className="btn btn-outline w-full" onClick={() => setSentTo(null)}>
            <Trans>Use another email</Trans>
          </button>
        </div>
      )}
      <p className="text-center">
        <Trans>Remembered it?</Trans>{' '}
        <Link to="/login" className="link link-primary font-semibold">
          <Trans>Back to Login</Trans>
        </Link>
      </p>
    </FormCard>
  );
}
