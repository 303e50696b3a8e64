import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useLocation } from 'wouter';
import { useAuth } from '../../auth/useAuth.js';
import { toastSuccess, toastFailure } from '../../../lib/toast.js';
import { EXPORT_URL } from '../api/account.js';

/** Asks for the password in a SweetAlert2 dialog; null when cancelled. */
async function askPassword(): Promise<string | null> {
  const { default: Swal } = await import('sweetalert2');
  const result = await Swal.fire({
    icon: 'warning',
    title: t`Delete your account?`,
    text: t`Your listings, the requests for them and your requests are deleted too. This cannot be undone.`,
    input: 'password',
    inputLabel: t`Password`,
    inputAttributes: { autocomplete: 'current-password' },
    inputValidator: (value) => (value ? null : t`Enter your password.`),
    showCancelButton: true,
    confirmButtonText: t`Delete my account`,
    cancelButtonText: t`Cancel`,
    confirmButtonColor: '#b91c1c',
    cancelButtonColor: '#4b5563',
    focusCancel: true,
  });
  return result.isConfirmed ? String(result.value) : null;
}

/**
 * Your data: 'Download my data' (JSON of profile, listings and
 * requests, GDPR Art. 15/20) and 'Delete my account' after the password is
 * confirmed (GDPR Art. 17), then home, signed out.
 */
export function DataSection() {
  const { refresh } = useAuth();
  const [, navigate] = useLocation();

  async function deleteMine() {
    const password = await askPassword();
    if (password === null) return;
    try {
      const { deleteAccount } = await import('../../auth/api/authClient.js');
      await deleteAccount(password);
    } catch (err) {
      toastFailure(err);
      return;
    }
    // Home first: reading the (now absent) session on this login-only page would send the user to /login.
    void navigate('/', { replace: true });
    toastSuccess(t`Your account has been deleted`);
    await refresh();
  }

  return (
    <section aria-labelledby="data-heading" className="flex flex-col gap-3">
      <h2 id="data-heading" className="text-xl font-semibold">
        <Trans>Your data</Trans>
      </h2>
      <p><Trans>Download everything Plateful keeps about you, or delete your account and all of it.</Trans></p>
      <div className="flex flex-wrap gap-3">
        <a href={EXPORT_URL} download className="btn btn-outline">
          <Trans>Download my data</Trans>
        </a>
        <button type="button" className="btn btn-error" onClick={() => void deleteMine()}>
          <Trans>Delete my account</Trans>
        </button>
      </div>
    </section>
  );
}
