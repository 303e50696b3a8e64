import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, type FormEvent } from 'react';
import type { Food } from '../../../../contract/index.js';
import { LIMITS } from '../../../../contract/limits.js';
import { formatDate } from '../../../lib/dates.js';
import { formatDateTime } from '../../../lib/datetime.js';
import { ApiError } from '../../../lib/http.js';
import { ModalActions, ModalDialog, TextAreaField, useModal } from '../../../ui/ModalDialog.js';
import { successPopup } from '../../../ui/popups.js';
import type { AppUser } from '../../auth/useAuth.js';
import { useRequestFood } from '../api/requests.js';
import { upcomingWindows } from '../../../lib/pickupWindows.js';
import { WindowChoice } from './WindowChoice.js';
import '../../../ui/controls/modal.css';
import { Ring } from '../../../ui/Spinner.js';

/**
 * The request dialog of SPEC.md §2: a modal `<dialog>` (focus is trapped, Escape
 * closes it and focus returns to the 'Request' button) with the food's details, Additional Notes and Donation Money.
 * It exists only while open, so its texts never duplicate the page's.
 */
export function RequestDialog({
  food,
  user,
  openedAt,
  onClose,
}: {
  food: Food;
  user: AppUser;
  /** When the dialog was opened, shown as the request date. */
  openedAt: string;
  onClose: () => void;
}) {
  const id = useId();
  const requestFood = useRequestFood();
  const { dialogRef, close } = useModal();
  // DESIGN.md "The API": nobody requests their own food (the server answers 409).
  const ownFood = food.Donator.Email === user.email;

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    requestFood.mutate(
      {
        FoodId: food._id,
        FoodName: food.FoodName,
        FoodImage: food.FoodImage,
        PickupLocation: food.PickupLocation,
        ExpiredDateTime: food.ExpiredDateTime,
        Donator: food.Donator,
        AdditionalNotes: String(data.get('AdditionalNotes') ?? ''),
        DonationMoney: String(data.get('DonationMoney') ?? ''),
        ...(data.get('PickupAt') ? { PickupAt: String(data.get('PickupAt')) } : {}),
        Requester: { Email: user.email, Name: user.displayName, Image: user.photoURL },
        RequestDate: new Date().toISOString(),
        Status: 'Pending',
      },
      {
        onSuccess: () => {
          close();
          void successPopup(t`Request Accepted!`);
        },
        onError: (err) => {
          // A conflict (already requested, own food, expired) cannot be fixed in the form.
          if (err instanceof ApiError && err.status === 409) close();
        },
      },
    );
  }

  const info: [string, string][] = [
    [t`Food Name`, food.FoodName],
    [t`Donator`, food.Donator.Email ? `${food.Donator.Name} (${food.Donator.Email})` : food.Donator.Name],
    [t`Your Email`, user.email],
    [t`Request Date`, formatDateTime(openedAt)],
    [t`Pickup Location`, food.PickupLocation],
    [t`Expire Date`, formatDate(food.ExpiredDateTime)],
  ];

  return (
    <ModalDialog
      dialogRef={dialogRef}
      title={t`Request ${food.FoodName}`}
      titleClassName="text-2xl font-bold"
      boxClassName="modal-box max-w-2xl"
      onClose={onClose}
    >
      <img src={food.FoodImage} alt="" className="mt-4 h-40 w-full rounded-box object-cover" />
      <dl className="mt-4 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
        {info.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-semibold">{label}</dt>
            <dd className="break-words">{value}</dd>
          </div>
        ))}
      </dl>
      {ownFood && (
        <p id={`${id}-own`} className="mt-4 rounded-box bg-base-200 p-3 text-sm">
          <Trans>This is your own listing, so you cannot request it.</Trans>
        </p>
      )}
      <form onSubmit={handleSubmit} className="mt-6 flex flex-col gap-4">
        <TextAreaField id={`${id}-notes`} label={t`Additional Notes`} name="AdditionalNotes" maxLength={LIMITS.notes} rows={3} />
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-money`} className="font-medium">
            <Trans>Donation Money</Trans>
          </label>
          <input id={`${id}-money`} name="DonationMoney" type="text" maxLength={LIMITS.donation} className="input input-bordered w-full" />
        </div>
        {upcomingWindows(food).length > 0 && (
          <WindowChoice
            windows={upcomingWindows(food)}
            timeZone={food.TimeZone}
            name="PickupAt"
            legend={t`When will you pick it up?`}
            noneLabel={t`Suggest a time in the conversation`}
          />
        )}
        <ModalActions onCancel={close}>
          <button
            type="submit"
            className="btn btn-primary"
            disabled={ownFood || requestFood.isPending}
            aria-describedby={ownFood ? `${id}-own` : undefined}
          >
            {requestFood.isPending && <Ring className="size-4 border-2" />}
            <Trans>Request</Trans>
          </button>
        </ModalActions>
      </form>
    </ModalDialog>
  );
}
