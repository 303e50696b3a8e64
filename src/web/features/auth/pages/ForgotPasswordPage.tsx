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
  usePageTitle('Forgot Password');
  const id = useId();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { busy, onSubmit } = useFormAction(async (data) => {
    const email = field(data, 'email');
    await requestPasswordReset(email);
    setSentTo(email);
  });

  return (
    <FormCard title="Forgot Password">
      {sentTo === null ? (
        <form onSubmit={onSubmit} className="flex flex-col gap-4">
          <p>Enter the email of your account and we will mail you a link to choose a new password.</p>
          <Field id={`${id}-email`} label="Email" name="email" type="email" autoComplete="email" required />
          <button type="submit" className="btn btn-primary w-full" disabled={busy}>
            Send Reset Link
          </button>
        </form>
      ) : (
        <div role="status" className="flex flex-col gap-3">
          <p className="text-lg font-semibold">Check your email</p>
          <p>
            If an account exists for <strong className="break-all">{sentTo}</strong>, we have sent it a link to reset the
            password. The link works once and expires in 1 hour.
          </p>
          <button type="button" className="btn btn-outline w-full" onClick={() => setSentTo(null)}>
            Use another email
          </button>
        </div>
      )}
      <p className="text-center">
        Remembered it?{' '}
        <Link to="/login" className="link link-primary font-semibold">
          Back to Login
        </Link>
      </p>
    </FormCard>
  );
}
