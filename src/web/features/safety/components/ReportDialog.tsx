import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { ReportReason, ReportTarget } from '../../../../contract/index.js';
import { LIMITS, REPORT_REASONS } from '../../../../contract/limits.js';
import { toastSuccess } from '../../../lib/toast.js';
import { ModalActions, ModalDialog, TextAreaField, useModal } from '../../../ui/ModalDialog.js';
import { useReport } from '../api/safety.js';

/** How each report reason reads. */
export const REASON_LABELS = (): Record<ReportReason | 'NegativeFeedback', string> => ({
  Spam: t`Spam`,
  Selling: t`Selling food`,
  UnsafeFood: t`Unsafe food`,
  Harassment: t`Harassment`,
  NoShow: t`Did not show up`,
  PersonalInformation: t`Shares personal information`,
  Other: t`Other`,
  NegativeFeedback: t`Repeated negative feedback`,
});

/**
 * The small report dialog: a reason and details (required for Other),
 * as a modal `<dialog>` that keeps focus and returns it on close. It exists only
 * while open. The reporter is thanked; nobody learns who reported.
 */
export function ReportDialog({ type, targetId, label, onClose }: { type: ReportTarget; targetId: string; label: string; onClose: () => void }) {
  const id = useId();
  const { dialogRef, close } = useModal();
  const report = useReport();
  // eslint-disable-next-line lingui/no-unlocalized-strings -- values the code compares or sends, not text
  const [reason, setReason] = useState<ReportReason>('Spam');

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const details = String(new FormData(e.currentTarget).get('Details') ?? '');
    report.mutate(
      { TargetType: type, TargetId: targetId, Reason: reason, Details: details },
      {
        onSuccess: () => {
          close();
          toastSuccess(t`Thank you. A moderator will look at it.`);
        },
        onError: close,
      },
    );
  }

  return (
    <ModalDialog dialogRef={dialogRef} title={t`Report ${label}`} titleClassName="text-xl font-bold" onClose={onClose}>
      <p className="mt-2 text-sm"><Trans>Moderators see your report; the person you report is not told who sent it.</Trans></p>
      <form onSubmit={submit} className="mt-4 flex flex-col gap-4">
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-reason`} className="font-medium">
            <Trans>Reason</Trans>
          </label>
          <select
            id={`${id}-reason`}
            className="input field-select w-full"
            value={reason}
            onChange={(e) => setReason(e.target.value as ReportReason)}
          >
            {REPORT_REASONS.map((r) => (
              <option key={r} value={r}>
                {REASON_LABELS()[r]}
              </option>
            ))}
          </select>
        </div>
        <TextAreaField
          id={`${id}-details`}
          label={t`Details${reason === 'Other' ? '' : ' (optional)'}`}
          name="Details"
          rows={3}
          maxLength={LIMITS.notes}
          required={reason === 'Other'}
        />
        <ModalActions onCancel={close}>
          <button type="submit" className="btn btn-primary" disabled={report.isPending}>
            <Trans>Send report</Trans>
          </button>
        </ModalActions>
      </form>
    </ModalDialog>
  );
}
