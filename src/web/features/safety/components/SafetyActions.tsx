import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import type { ReportTarget } from '../../../../contract/index.js';
import { toastSuccess } from '../../../lib/toast.js';
import { confirmPopup } from '../../../ui/popups.js';
import { useAuth } from '../../auth/useAuth.js';
import { useBlock } from '../api/safety.js';

// The dialog loads when 'Report' is pressed, not with every page showing these buttons.
const ReportDialog = lazy(() => import('./ReportDialog.js').then((m) => ({ default: m.ReportDialog })));

/**
 * 'Report' and 'Block' side by side, for a listing, a message or a
 * person; shown to signed-in users other than the owner. Blocking asks first and
 * is silent: the other person is not told. Small buttons, not bare links: a thumb hits
 * them on a phone (WCAG 2.5.8 asks at least 24 × 24 px; these are 32 px high).
 */
export function SafetyActions({
  type,
  targetId,
  label,
  person,
  className = '',
}: {
  type: ReportTarget;
  targetId: string;
  /** What is reported, as the dialog's title reads: "Report {label}". */
  label: string;
  /** The owner, whom 'Block' blocks. */
  person?: { id: string; name: string };
  className?: string;
}) {
  const { user } = useAuth();
  const block = useBlock();
  const [open, setOpen] = useState(false);
  if (!user || !person || person.id === user.id) return null;

  async function blockPerson() {
    if (!person) return;
    const answer = await confirmPopup({
      title: t`Block ${person.name}?`,
      text: t`You will no longer see each other's listings, request each other's food or write to each other. They are not told.`,
      confirmButtonText: t`Yes, block`,
    });
    if (answer !== 'confirmed') return;
    // mutateAsync, not mutate's onSuccess: the block may unmount this component (the listing
    // now answers 404) before a per-call callback would run, and the toast must still show.
    try {
      await block.mutateAsync(person.id);
    } catch {
      return; // shown by the query client's error policy (lib/apiErrors)
    }
    toastSuccess(t`${person.name} is blocked.`);
  }

  return (
    <div className={`flex gap-2 ${className}`}>
      <button type="button" className="btn btn-ghost btn-sm text-sm underline" onClick={() => setOpen(true)} aria-label={t`Report ${label}`}>
        <Trans>Report</Trans>
      </button>
      <button type="button" className="btn btn-ghost btn-sm text-sm underline" onClick={() => void blockPerson()} aria-label={t`Block ${person.name}`} disabled={block.isPending}>
        <Trans>Block</Trans>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ReportDialog type={type} targetId={targetId} label={label} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </div>
  );
}
