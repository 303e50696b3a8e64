import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import { Link } from 'wouter';
import type { Wanted } from '../../../../contract/index.js';
import { failureText } from '../../../lib/problemText.js';
import { toastSuccess } from '../../../lib/toast.js';
import type { AppUser } from '../../auth/useAuth.js';
import { useMyFoods } from '../../foods/api/foods.js';
import { useAnswerWanted } from '../api/wanted.js';

/**
 * 'Answer with one of my listings' on a Wanted post's page, for a signed-in person other than its
 * poster (docs/api.md "Wanted posts"): picks one of their available listings that does not answer
 * the post yet and sends it (`POST /wanted/{id}/answers`); the poster is told and gets the first
 * request for 2 hours. A refusal (`wanted_closed`, `food_unavailable`, …) is said below the form in
 * the person's language. Without an available listing it points to Add Food.
 */
export function AnswerWithListing({ post, user }: { post: Wanted; user: AppUser }) {
  const id = useId();
  const mine = useMyFoods(user.email);
  const answer = useAnswerWanted(post._id);
  const [problem, setProblem] = useState('');
  const answered = new Set(post.Answers.map((a) => a.FoodId));
  const choices = (mine.data ?? []).filter((f) => f.FoodStatus === 'Available' && !answered.has(f._id));

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const foodId = String(new FormData(e.currentTarget).get('FoodId') ?? '');
    if (!foodId) return;
    setProblem('');
    answer.mutate(foodId, {
      onSuccess: () => toastSuccess(t`Your listing answers this post. ${post.Poster.Name} is told.`),
      onError: (err) => setProblem(failureText(err)),
    });
  }

  return (
    <section aria-labelledby={`${id}-title`} className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
      <h2 id={`${id}-title`} className="text-lg font-semibold"><Trans>Have it? Answer with one of your listings</Trans></h2>
      {mine.isPending ? (
        <p className="text-sm"><Trans>Loading your listings…</Trans></p>
      ) : choices.length === 0 ? (
        <p>
          <Trans>You have no available listing to answer with.</Trans>{' '}
          <Link to="/add-food" className="link link-primary"><Trans>List a food first</Trans></Link>
        </p>
      ) : (
        <form onSubmit={submit} className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={`${id}-food`} className="font-medium"><Trans>Your listing</Trans></label>
            <select id={`${id}-food`} name="FoodId" className="input field-select w-full" required>
              {choices.map((f) => (
                <option key={f._id} value={f._id}>
                  {f.FoodName}
                </option>
              ))}
            </select>
          </div>
          <button type="submit" className="btn btn-primary" disabled={answer.isPending}>
            <Trans>Answer with this listing</Trans>
          </button>
        </form>
      )}
      <p role="alert" className="text-sm font-semibold empty:hidden">
        {problem}
      </p>
      <p className="text-sm"><Trans>The listing is offered to the person who asked first: others can request it after 2 hours.</Trans></p>
    </section>
  );
}
