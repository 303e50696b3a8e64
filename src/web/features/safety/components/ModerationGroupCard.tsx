import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import type { ModerationActionInput, ModerationGroup } from '../../../../contract/index.js';
import { LIMITS } from '../../../../contract/limits.js';
import { formatDate } from '../../../lib/dates.js';
import { formatWhen } from '../../../lib/datetime.js';
import { toastSuccess } from '../../../lib/toast.js';
import { confirmPopup } from '../../../ui/popups.js';
import { useModerationAction } from '../api/safety.js';
import { REASON_LABELS } from './ReportDialog.js';

const KIND = () => ({ food: t`Listing`, message: t`Message`, user: t`Person`, wanted: t`Wanted post` });

/** Human labels of the snapshot's fields; fields not named here (ids) are not shown. */
const FIELD_LABELS = (): Record<string, string> => ({
  FoodName: t`Food name`,
  FoodQuantity: t`Quantity`,
  PickupLocation: t`Pickup location`,
  ExpiredDateTime: t`Expiry date`,
  AdditionalNotes: t`Notes`,
  DonatorName: t`Donor`,
  SenderName: t`Sender`,
  Body: t`Message`,
  SentAt: t`Sent`,
  Title: t`What is wanted`,
  Details: t`Details`,
  PosterName: t`Posted by`,
  Name: 'Name',
});
/** Snapshot fields holding a photo's URL: shown as the photo. */
// eslint-disable-next-line lingui/no-unlocalized-strings -- values the code compares or sends, not text
const IMAGE_FIELDS = ['FoodImage', 'Image'];

/** The snapshot's text fields as label/value pairs, in the order of `FIELD_LABELS()`; dates formatted. */
function snapshotRows(snapshot: Record<string, unknown>): [string, string][] {
  return Object.keys(FIELD_LABELS())
    .filter((k) => snapshot[k] !== undefined && snapshot[k] !== '')
    .map((k) => {
      const v = snapshot[k];
      const text = typeof v === 'string' || typeof v === 'number' ? String(v) : JSON.stringify(v);
      return [FIELD_LABELS()[k]!, k === 'ExpiredDateTime' ? formatDate(text) : k === 'SentAt' ? formatWhen(text) : text];
    });
}

/** What the group is about, in a few words. */
function title(g: ModerationGroup): string {
  const s = g.Reports[0]?.Snapshot ?? {};
  if (g.TargetType === 'food') return `${KIND().food}: ${String(s.FoodName ?? g.TargetId)}`;
  if (g.TargetType === 'message') return t`Message from ${String(s.SenderName ?? g.TargetUser.Name)}`;
  if (g.TargetType === 'wanted') return `${KIND().wanted}: ${String(s.Title ?? g.TargetId)}`;
  return `${KIND().user}: ${g.TargetUser.Name}`;
}

/**
 * One target of the moderation queue: how often and why it was reported,
 * the content as reported, and the actions: dismiss, hide or restore a listing or
 * message, ban its owner for 1, 7 or 30 days or for good, unban, make a moderator.
 * Every action carries the reason written in the box.
 */
export function ModerationGroupCard({ group }: { group: ModerationGroup }) {
  const id = useId();
  const action = useModerationAction();
  const [reason, setReason] = useState(t`Reported: ${group.Reasons.map((r) => REASON_LABELS()[r as keyof ReturnType<typeof REASON_LABELS>] ?? r).join(', ')}`);
  const heading = title(group);

  function run(input: Omit<ModerationActionInput, 'Reason'>, done: string) {
    action.mutate({ ...input, Reason: reason.trim() || 'No reason given' }, { onSuccess: () => toastSuccess(done) });
  }
  /** Hide and Ban act on someone else: a confirmation first says what will happen. */
  async function confirmThen(ask: { title: string; text: string; confirmButtonText: string }, input: Omit<ModerationActionInput, 'Reason'>, done: string) {
    if ((await confirmPopup(ask)) === 'confirmed') run(input, done);
  }
  const banAsk = (span: string) => ({
    title: t`Ban ${owner} ${span}?`,
    text: t`${owner} is signed out at once, cannot sign in ${span}, their listings are hidden meanwhile, and they get a mail with your reason.`,
    confirmButtonText: t`Yes, ban`,
  });
  const onTarget = { TargetType: group.TargetType, TargetId: group.TargetId };
  const onOwner = { TargetType: 'user' as const, TargetId: group.TargetUser._id };
  const owner = group.TargetUser.Name;

  return (
    <article aria-labelledby={`${id}-h`} className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <h2 id={`${id}-h`} className="text-xl font-bold break-words">
        {heading}
      </h2>
      <p>
        <strong>
          {plural(group.Count, { one: '# report', other: '# reports' })}
        </strong>{' '}
        · {group.Reasons.map((r) => REASON_LABELS()[r as keyof ReturnType<typeof REASON_LABELS>] ?? r).join(', ')}
        {group.Hidden && t` · hidden now`}
        {group.TargetUser.Banned && t` · ${owner} is banned`}
      </p>
      <p className="break-all text-sm">
        <Trans>Owner:</Trans> {owner} ({group.TargetUser.Email}){group.TargetUser.Role === 'moderator' ? t` · moderator` : ''}
      </p>
      <details>
        <summary className="cursor-pointer"><Trans>Content as reported and each report</Trans></summary>
        <ul className="mt-2 flex flex-col gap-3">
          {group.Reports.map((r) => (
            <li key={r._id} className="rounded-box bg-base-200 p-3 text-sm">
              <p>
                {REASON_LABELS()[r.Reason as keyof ReturnType<typeof REASON_LABELS>] ?? r.Reason} · <time dateTime={r.CreatedAt}>{formatWhen(r.CreatedAt)}</time>
                {r.ReporterVerified === false && t` · from an unverified account (does not count toward hiding)`}
              </p>
              {r.Details && <p className="mt-1 whitespace-pre-wrap break-words">“{r.Details}”</p>}
              {IMAGE_FIELDS.filter((k) => typeof r.Snapshot[k] === 'string' && r.Snapshot[k]).map((k) => (
                <img
                  key={k}
                  src={String(r.Snapshot[k])}
                  alt={t`Photo as reported: ${String(r.Snapshot.FoodName ?? r.Snapshot.Name ?? '')}`}
                  referrerPolicy="no-referrer"
                  className="mt-2 max-h-48 max-w-full rounded-box object-contain"
                />
              ))}
              <dl className="mt-2 grid grid-cols-1 gap-x-3 sm:grid-cols-[auto_1fr]">
                {snapshotRows(r.Snapshot).map(([k, v]) => (
                  <div key={k} className="contents">
                    <dt className="font-semibold">{k}</dt>
                    <dd className="break-words">{v}</dd>
                  </div>
                ))}
              </dl>
            </li>
          ))}
        </ul>
      </details>
      <div className="flex flex-col gap-1">
        <label htmlFor={`${id}-reason`} className="font-medium">
          <Trans>Reason for the action</Trans>
        </label>
        <input id={`${id}-reason`} className="input input-bordered w-full" value={reason} maxLength={LIMITS.notes} onChange={(e) => setReason(e.target.value)} />
      </div>
      <div className="flex flex-wrap gap-2" role="group" aria-label={t`Actions on ${heading}`}>
        <button type="button" className="btn btn-sm" disabled={action.isPending} onClick={() => run({ ...onTarget, Action: 'Dismiss' }, 'Reports dismissed.')}>
          <Trans>Dismiss</Trans>
        </button>
        {group.TargetType !== 'user' &&
          (group.Hidden ? (
            <button type="button" className="btn btn-sm" disabled={action.isPending} onClick={() => run({ ...onTarget, Action: 'Restore' }, 'Restored.')}>
              <Trans>Restore</Trans>
            </button>
          ) : (
            <button type="button" className="btn btn-sm btn-warning" disabled={action.isPending} onClick={() =>
                void confirmThen(
                  { title: `Hide ${heading}?`, text: 'Nobody but its owner sees it any more; its owner is told, with your reason. You can restore it later.', confirmButtonText: 'Yes, hide it' },
                  { ...onTarget, Action: 'Hide' },
                  'Hidden.',
                )
              }>
              <Trans>Hide</Trans>
            </button>
          ))}
        {group.TargetUser.Banned ? (
          <button type="button" className="btn btn-sm" disabled={action.isPending} onClick={() => run({ ...onOwner, Action: 'Unban' }, t`${owner} is unbanned.`)}>
            <Trans>Unban {owner}</Trans>
          </button>
        ) : (
          <>
            {([1, 7, 30] as const).map((days) => (
              <button
                key={days}
                type="button"
                className="btn btn-sm btn-error"
                disabled={action.isPending}
                onClick={() =>
                  void confirmThen(banAsk(plural(days, { one: 'for # day', other: 'for # days' })), { ...onOwner, Action: 'Ban', Days: days }, plural(days, { one: `${owner} is banned for # day.`, other: `${owner} is banned for # days.` }))
                }
              >
                {plural(days, { one: `Ban ${owner} # day`, other: `Ban ${owner} # days` })}
              </button>
            ))}
            <button type="button" className="btn btn-sm btn-error" disabled={action.isPending} onClick={() => void confirmThen(banAsk(t`for good`), { ...onOwner, Action: 'Ban' }, t`${owner} is banned for good.`)}>
              <Trans>Ban {owner} for good</Trans>
            </button>
          </>
        )}
        {group.TargetType === 'user' && group.TargetUser.Role !== 'moderator' && (
          <button type="button" className="btn btn-sm" disabled={action.isPending} onClick={() => run({ ...onOwner, Action: 'MakeModerator' }, t`${owner} is a moderator now.`)}>
            <Trans>Make {owner} a moderator</Trans>
          </button>
        )}
        {group.TargetType === 'user' && group.TargetUser.Role === 'moderator' && (
          <button type="button" className="btn btn-sm" disabled={action.isPending} onClick={() => run({ ...onOwner, Action: 'Demote' }, t`${owner} is no longer a moderator.`)}>
            <Trans>Remove {owner} as a moderator</Trans>
          </button>
        )}
      </div>
    </article>
  );
}
