import { useId, useState, type FormEvent } from 'react';
import type { FeedbackInput } from '../../../../contract/index.js';
import { FEEDBACK_REASONS, LIMITS } from '../../../../contract/limits.js';
import { toastSuccess } from '../../../lib/toast.js';
import { useFeedbackState, useGiveFeedback } from '../api/safety.js';

const REASONS: Record<(typeof FEEDBACK_REASONS)[number], string> = {
  NoShow: 'Did not show up',
  NotAsDescribed: 'Not as described',
  Late: 'Late',
  Rude: 'Rude',
  Other: 'Other',
};

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
  const [rating, setRating] = useState<'Positive' | 'Negative'>('Positive');
  if (!data) return null;
  if (data.Given) return <p className="rounded-box bg-base-200 p-3">Thank you for your feedback on this hand-over.</p>;
  if (!data.CanGive) return null;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const reason = rating === 'Negative' ? String(form.get('Reason') ?? '') : '';
    const input: FeedbackInput = { Rating: rating, Comment: String(form.get('Comment') ?? '') };
    if (reason) input.Reason = reason as FeedbackInput['Reason'];
    give.mutate(input, { onSuccess: () => toastSuccess('Thank you for your feedback.') });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-box bg-base-200 p-4">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        How did the hand-over go?
      </h2>
      <form onSubmit={submit} className="mt-3 flex flex-col gap-3">
        <fieldset className="flex gap-4">
          <legend className="sr-only">Rating</legend>
          {(['Positive', 'Negative'] as const).map((r) => (
            <label key={r} className="flex items-center gap-2">
              <input type="radio" name="Rating" className="radio" checked={rating === r} onChange={() => setRating(r)} />
              {r}
            </label>
          ))}
        </fieldset>
        {rating === 'Negative' && (
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-reason`} className="font-medium">
              What went wrong? (optional)
            </label>
            <select id={`${id}-reason`} name="Reason" className="select select-bordered w-full" defaultValue="">
              <option value="">None</option>
              {FEEDBACK_REASONS.map((r) => (
                <option key={r} value={r}>
                  {REASONS[r]}
                </option>
              ))}
            </select>
          </div>
        )}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-comment`} className="font-medium">
            {rating === 'Negative' ? 'Comment for the moderators (optional, private)' : 'Comment (optional, private)'}
          </label>
          <textarea id={`${id}-comment`} name="Comment" rows={2} maxLength={LIMITS.notes} className="textarea textarea-bordered w-full" />
        </div>
        <button type="submit" className="btn btn-primary self-end" disabled={give.isPending}>
          Send feedback
        </button>
      </form>
    </section>
  );
}
