import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { toastSuccess, toastFailure } from '../../lib/toast.js';
import { useAuth } from './useAuth.js';

/** Session storage key of a dismissal, per address: the banner comes back in a new tab or session. */
const dismissedKey = (email: string) => `plateful:verify-banner-dismissed:${email}`;

/**
 * The banner for a signed-in user whose address is not verified yet:
 * 'Please verify your email address' with 'Resend email', dismissible for the
 * browser session. Nothing else changes for unverified accounts.
 */
export function VerifyEmailBanner() {
  const { user } = useAuth();
  const [dismissed, setDismissed] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  if (!user || user.emailVerified) return null;
  if (dismissed === user.email || sessionStorage.getItem(dismissedKey(user.email))) return null;
  const email = user.email;

  async function resend() {
    setSending(true);
    try {
      const { resendVerificationEmail } = await import('./api/authClient.js');
      await resendVerificationEmail(email);
      toastSuccess(t`Verification email sent`);
    } catch (err) {
      toastFailure(err);
    } finally {
      setSending(false);
    }
  }

  function dismiss() {
    sessionStorage.setItem(dismissedKey(email), '1');
    setDismissed(email);
  }

  return (
    <section aria-label={t`Email verification`} className="border-b border-amber-200 bg-amber-50 text-amber-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-2 sm:px-6 lg:px-8">
        <p className="flex-1"><Trans>Please verify your email address</Trans></p>
        <button type="button" className="btn btn-sm btn-outline border-amber-900 text-amber-950" onClick={() => void resend()} disabled={sending}>
          <Trans>Resend email</Trans>
        </button>
        <button type="button" className="btn btn-sm btn-ghost btn-square" aria-label={t`Dismiss`} onClick={dismiss}>
          <svg xmlns="http://www.w3.org/2000/svg" className="h-4 w-4" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
            <path strokeLinecap="round" strokeLinejoin="round" strokeWidth={2} d="M6 18L18 6M6 6l12 12" />
          </svg>
        </button>
      </div>
    </section>
  );
}
