import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, type FormEvent } from 'react';
import type { FoodRequest, PickupWindow, RequestStatusInput } from '../../../../contract/index.js';
import { LIMITS } from '../../../../contract/limits.js';
import { ModalActions, ModalDialog, TextAreaField, useModal } from '../../../ui/ModalDialog.js';
import { WindowChoice } from './WindowChoice.js';

/** Which answer the donor gives: accept (pickup time, note) or decline (reason). */
export type RequestAnswer = 'Accepted' | 'Declined';

/**
 * The donor's answer to a request, a modal `<dialog>` like the request
 * dialog (focus trapped, Escape closes it): 'Accept' asks for an optional pickup time
 * (local date and time, sent as an ISO instant) and note; 'Decline' for an optional
 * reason. With the listing's upcoming `windows` (in `timeZone`) accepting offers those
 * instead, the requester's chosen time preselected. `onAnswer` receives the
 * `PATCH /requests/{id}` body; the dialog closes itself.
 */
export function RequestAnswerDialog({
  request,
  answer,
  pending,
  onAnswer,
  onClose,
  windows = [],
  timeZone = '',
}: {
  windows?: PickupWindow[];
  timeZone?: string;
  request: FoodRequest;
  answer: RequestAnswer;
  pending: boolean;
  onAnswer: (change: RequestStatusInput) => void;
  onClose: () => void;
}) {
  const id = useId();
  const { dialogRef, close } = useModal();

  function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    if (answer === 'Accepted') {
      const pickup = text('PickupAt');
      onAnswer({ Status: 'Accepted', PickupAt: pickup ? new Date(pickup).toISOString() : undefined, Note: text('Note') });
    } else {
      onAnswer({ Status: 'Declined', Reason: text('Reason') });
    }
    close();
  }

  const accepting = answer === 'Accepted';
  const title = t`${accepting ? t`Accept` : t`Decline`} ${request.Requester.Name}'s request`;

  return (
    <ModalDialog dialogRef={dialogRef} title={title} titleClassName="text-xl font-bold" onClose={onClose}>
      <form onSubmit={handleSubmit} className="mt-4 flex flex-col gap-4">
        {accepting ? (
          <>
            {windows.length ? (
              <WindowChoice
                windows={windows}
                timeZone={timeZone}
                name="PickupAt"
                legend={t`Pickup window`}
                noneLabel={t`No fixed time (agree it in the conversation)`}
                defaultStart={request.RequestedPickupAt}
              />
            ) : (
              <div className="flex flex-col gap-1">
                <label htmlFor={`${id}-pickup`} className="font-medium">
                  <Trans>Pickup time (optional)</Trans>
                </label>
                <input id={`${id}-pickup`} name="PickupAt" type="datetime-local" className="input input-bordered w-full" />
              </div>
            )}
            <TextAreaField id={`${id}-note`} label={t`Note (optional)`} name="Note" maxLength={LIMITS.notes} rows={3} />
          </>
        ) : (
          <TextAreaField id={`${id}-reason`} label={t`Reason (optional)`} name="Reason" maxLength={LIMITS.notes} rows={3} />
        )}
        <ModalActions onCancel={close}>
          <button type="submit" className={accepting ? 'btn btn-primary' : 'btn btn-error'} disabled={pending}>
            {accepting ? t`Accept request` : t`Decline request`}
          </button>
        </ModalActions>
      </form>
    </ModalDialog>
  );
}
