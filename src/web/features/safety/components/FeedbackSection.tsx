import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { FeedbackInput } from '../../../../contract/index.js';
import { FEEDBACK_REASONS, LIMITS } from '../../../../contract/limits.js';
import { toastSuccess } from '../../../lib/toast.js';
import { useFeedbackState, useGiveFeedback } from '../api/safety.js';

const REASONS = (): Record<(typeof FEEDBACK_REASONS)[number], string> => ({
  NoShow: t`Did not show up`,
  NotAsDescribed: t`Not as described`,
  Late: t`Late`,
  Rude: t`Rude`,
  Other: t`Other`,
});

/**
 * Feedback after a hand-over, on the conversation page: once the request
 * is Delivered each side may leave one Positive or Negative. Negative offers the complaint
 * reasons and a comment for the moderators; Positive only an optional private comment
 * (the reasons are all complaints). Nothing shows before delivery.
 */
export function FeedbackSection({ requestId }: { requestId: string }) {
  const id = useId();
  const { data } = useFeedbackState(requestId);
  const give = useGiveFeedback(requestId);
  // eslint-disable-next-line lingui/no-unlocalized-strings -- values the code compares or sends, not text
  const [rating, setRating] = useState<'Positive' | 'Negative'>('Positive');
  if (!data) return null;
  if (data.Given) return <p className="rounded-box bg-base-200 p-3"><Trans>Thank you for your feedback on this hand-over.</Trans></p>;
  if (!data.CanGive) return null;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const reason = rating === 'Negative' ? String(form.get('Reason') ?? '') : '';
    const input: FeedbackInput = { Rating: rating, Comment: String(form.get('Comment') ?? '') };
    if (reason) input.Reason = reason as FeedbackInput['Reason'];
    give.mutate(input, { onSuccess: () => toastSuccess(t`Thank you for your feedback.`) });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-box bg-base-200 p-4">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        <Trans>How did the hand-over go?</Trans>
      </h2>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-3">
        <fieldset className="flex gap-4">
          <legend className="sr-only"><Trans>Rating</Trans></legend>
          {/* eslint-disable-next-line lingui/no-unlocalized-strings -- the ratings the API takes */}
          {(['Positive', 'Negative'] as const).map((r) => (
            <label key={r} className="flex items-center gap-2">
              <input type="radio" name="Rating" className="field-check" checked={rating === r} onChange={() => setRating(r)} />
              {r === 'Positive' ? t`Positive` : t`Negative`}
            </label>
          ))}
        </fieldset>
        {rating === 'Negative' && (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-reason`} className="font-medium">
              <Trans>What went wrong? (optional)</Trans>
            </label>
            <select id={`${id}-reason`} name="Reason" className="input field-select w-full" defaultValue="">
              <option value=""><Trans>None</Trans></option>
              {FEEDBACK_REASONS.map((r) => (
                <option key={r} value={r}>
                  {REASONS()[r]}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-comment`} className="font-medium">
            {rating === 'Negative' ? t`Comment for the moderators (optional, private)` : t`Comment (optional, private)`}
          </label>
          <textarea id={`${id}-comment`} name="Comment" rows={2} maxLength={LIMITS.notes} className="input field-text w-full" />
        </div>
        <button type="submit" className="btn btn-primary self-end" disabled={give.isPending}>
          <Trans>Send feedback</Trans>
        </button>
      </form>
    </section>
  );
}
