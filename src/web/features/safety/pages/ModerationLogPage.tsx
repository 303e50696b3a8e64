import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { ModerationLogEntry } from '../../../../contract/index.js';
import { formatWhen } from '../../../lib/datetime.js';
import { toastSuccess } from '../../../lib/toast.js';
import { confirmPopup } from '../../../ui/popups.js';
import { useModerationAction, useModerationLog } from '../api/safety.js';
import { ModeratorPage } from '../components/ModeratorPage.js';
import '../../../ui/controls/table.css';

/** The target of an entry as a moderator reads it: what kind of thing, and its name (never a raw id). */
function targetLabel(e: ModerationLogEntry): string {
  if (e.TargetType === 'message') return e.TargetName ?? t`A removed message`;
  const kind = e.TargetType === 'food' ? 'Listing' : e.TargetType === 'wanted' ? 'Wanted post' : 'Person';
  return `${kind}: ${e.TargetName ?? '(deleted)'}`;
}

/** The undo an entry offers: Restore on a hidden listing or message, Unban on a banned person; only on the target's newest entry. */
function undoOf(e: ModerationLogEntry, newest: boolean): 'Restore' | 'Unban' | null {
  if (!newest) return null;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- values the code compares or sends, not text
  if (e.TargetType === 'user') return e.TargetBanned ? 'Unban' : null;
  // eslint-disable-next-line lingui/no-unlocalized-strings -- values the code compares or sends, not text
  return e.TargetHidden ? 'Restore' : null;
}

/**
 * `/moderation/log`: every moderator action, newest first, naming the listing,
 * message or person it touched; a hidden target offers Restore and a banned person Unban,
 * each after a confirmation saying what will happen. The 404 page for everyone but moderators.
 */
export default function ModerationLogPage() {
  const action = useModerationAction();

  async function undo(e: ModerationLogEntry, kind: 'Restore' | 'Unban') {
    const name = e.TargetName ?? 'this';
    const ask =
      kind === 'Restore'
        ? { title: t`Restore ${name}?`, text: t`It is shown to everyone again and its owner is told.`, confirmButtonText: t`Yes, restore it` }
        : { title: t`Unban ${name}?`, text: t`They can sign in again and their listings are shown again.`, confirmButtonText: t`Yes, unban` };
    if ((await confirmPopup(ask)) !== 'confirmed') return;
    action.mutate(
      { Action: kind, TargetType: e.TargetType, TargetId: e.TargetId, Reason: kind === 'Restore' ? 'Restored after review.' : 'Unbanned after review.' },
      { onSuccess: () => toastSuccess(kind === 'Restore' ? t`${name} is shown again.` : t`${name} is unbanned.`) },
    );
  }

  return (
    <ModeratorPage
      query={useModerationLog()}
      title={t`Moderation log`}
      failure={t`Could not load the log.`}
      link={{ to: '/moderation', label: t`Open reports` }}
      widthClass="max-w-5xl"
    >
      {(data) => {
        const seen = new Set<string>();
        return data.length === 0 ? (
          <p><Trans>No actions yet.</Trans></p>
        ) : (
          <div className="overflow-x-auto" tabIndex={0} role="region" aria-label={t`Moderation log`}>
            <table className="table table-cards">
              <thead>
                <tr>
                  <th scope="col"><Trans>When</Trans></th>
                  <th scope="col"><Trans>Who</Trans></th>
                  <th scope="col"><Trans>Action</Trans></th>
                  <th scope="col"><Trans>Target</Trans></th>
                  <th scope="col"><Trans>Why</Trans></th>
                  <th scope="col"><Trans>Undo</Trans></th>
                </tr>
              </thead>
              <tbody>
                {data.map((e) => {
                  const key = `${e.TargetType}:${e.TargetId}`;
                  const kind = undoOf(e, !seen.has(key));
                  seen.add(key);
                  return (
                    <tr key={e._id}>
                      <td data-label="When">
                        <time dateTime={e.At}>{formatWhen(e.At)}</time>
                      </td>
                      <td data-label="Who">{e.Actor?.Name ?? t`Plateful (automatic)`}</td>
                      <td data-label="Action">
                        {e.Action}
                        {e.Action === 'Ban' ? (e.Days ? ` ${e.Days} d` : t` for good`) : ''}
                      </td>
                      <td data-label="Target" className="break-words">
                        {targetLabel(e)}
                      </td>
                      <td data-label="Why" className="break-words">
                        {e.Reason}
                      </td>
                      <td data-label="Undo">
                        {kind && (
                          <button type="button" className="btn btn-sm" disabled={action.isPending} onClick={() => void undo(e, kind)}>
                            {kind} {e.TargetName ?? ''}
                          </button>
                        )}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        );
      }}
    </ModeratorPage>
  );
}
