import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { LIMITS } from '../../../../contract/limits.js';
import { Field } from '../../../ui/FormCard.js';
import { toastSuccess, toastFailure } from '../../../lib/toast.js';

/**
 * Change password: the current and a new password. The server ends
 * every other session and renews this one; `onChanged` reloads the session list.
 */
export function ChangePasswordSection({ onChanged }: { onChanged: () => void }) {
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    try {
      const { changePassword } = await import('../../auth/api/authClient.js');
      await changePassword(String(data.get('currentPassword') ?? ''), String(data.get('newPassword') ?? ''));
      form.reset();
      toastSuccess(t`Password changed. Other devices are signed out.`);
      onChanged();
    } catch (err) {
      toastFailure(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="flex flex-col gap-3">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        <Trans>Change password</Trans>
      </h2>
      <form onSubmit={(e) => void handleSubmit(e)} className="flex max-w-md flex-col gap-4">
        <Field id={`${id}-current`} label={t`Current password`} name="currentPassword" type="password" autoComplete="current-password" required />
        <Field id={`${id}-new`} label={t`New password`} name="newPassword" type="password" autoComplete="new-password" required minLength={LIMITS.passwordMin} />
        <div>
          <button type="submit" className="btn btn-primary" disabled={busy}>
            <Trans>Change password</Trans>
          </button>
        </div>
      </form>
    </section>
  );
}
