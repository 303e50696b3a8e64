import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState, type FormEvent } from 'react';
import type { FoodRequest } from '../../../../contract/index.js';
import { LIMITS, isListedFoodStatus, isOpenRequestStatus } from '../../../../contract/limits.js';
import { Field } from '../../../ui/FormCard.js';
import { successPopup } from '../../../ui/popups.js';
import { useFood } from '../../foods/api/foods.js';
import { useChangeRequestStatus } from '../api/requests.js';

/**
 * "Some left" on Manage Food: the donor hands part of the food to one
 * open request, which becomes Delivered while the listing stays open with the
 * quantity left (`PATCH /requests/{id}` `{Status:'Delivered', SomeLeft: true,
 * FoodQuantity}`). A form below the requests table, not in its action cells, so the
 * spec's 'Mark as Delivered' prompt and popups stay as SPEC.md §4/§8 has them.
 * Shown only while the listing is open, holds more than one and has open requests.
 */
export function PartHandOver({ foodId, requests }: { foodId: string; requests: FoodRequest[] }) {
  const id = useId();
  const { data: food } = useFood(foodId);
  const change = useChangeRequestStatus();
  const open = requests.filter((r) => isOpenRequestStatus(r.Status));
  if (!food || food.FoodQuantity < 2 || open.length === 0) return null;
  if (!isListedFoodStatus(food.FoodStatus)) return null;
  const quantity = food.FoodQuantity;
  // The person the donor accepted is the one most likely collecting: the default of 'Given to'.
  const given = (open.find((r) => r.Status === 'Accepted') ?? open[0])!._id;

  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const left = Number(data.get('FoodQuantity'));
    change.mutate(
      { id: String(data.get('RequestId')), change: { Status: 'Delivered', SomeLeft: true, FoodQuantity: left } },
      { onSuccess: () => void successPopup(t`Updated!`, t`Handed over; the listing stays open with ${left} left.`) },
    );
  }

  return (
    <section aria-labelledby={`${id}-title`} className="mx-auto w-full max-w-xl rounded-box bg-base-200 p-4">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        <Trans>Hand over part of the food</Trans>
      </h2>
      <p className="mt-1 text-sm">
        <Trans>
          When someone takes only part of it, their request is completed and the listing stays open for others with what is left. It holds{' '}
          {quantity} now.
        </Trans>
      </p>
      {/* key: a fresh form (defaults) whenever the listing's quantity or the accepted request changes. */}
      <form key={`${quantity} ${given}`} onSubmit={submit} className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex flex-1 flex-col gap-1">
          <label htmlFor={`${id}-request`} className="font-medium">
            <Trans>Given to</Trans>
          </label>
          <RecipientSelect id={`${id}-request`} open={open} given={given} />
        </div>
        <Field
          id={`${id}-left`}
          label={t`Quantity left`}
          name="FoodQuantity"
          type="number"
          required
          min={LIMITS.quantityMin}
          max={quantity - 1}
          defaultValue={quantity - 1}
          className="sm:w-32"
        />
        <button type="submit" className="btn btn-outline btn-primary" disabled={change.isPending}>
          <Trans>Hand over part</Trans>
        </button>
      </form>
    </section>
  );
}

/** The first letter's writing direction: 'rtl' for Arabic, Hebrew, Syriac, Thaana or N'Ko, else 'ltr'. */
function directionOf(text: string): 'ltr' | 'rtl' {
  const letter = /\p{L}/u.exec(text)?.[0] ?? '';
  return /[\p{Script=Arabic}\p{Script=Hebrew}\p{Script=Syriac}\p{Script=Thaana}\p{Script=Nko}]/u.test(letter) ? 'rtl' : 'ltr';
}

/**
 * 'Given to': the open requests' people as "name (email)", the chosen one written in its own
 * direction, so that on a right-to-left page a long Latin name shows its start (not its end
 * under the arrow) and an Arabic one on a left-to-right page likewise (the browser draws a drop-down's arrow at the end its `dir` gives: styles.css `field-select`).
 */
function RecipientSelect({ id, open, given }: { id: string; open: FoodRequest[]; given: string }) {
  const [chosen, setChosen] = useState(given);
  const label = (r: FoodRequest) => `${r.Requester.Name} (${r.Requester.Email})`;
  const current = open.find((r) => r._id === chosen) ?? open[0]!;
  return (
    <select
      id={id}
      name="RequestId"
      dir={directionOf(label(current))}
      className="input field-select w-full"
      value={chosen}
      onChange={(e) => setChosen(e.target.value)}
    >
      {open.map((r) => (
        <option key={r._id} value={r._id}>
          {label(r)}
        </option>
      ))}
    </select>
  );
}
