import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import type { FoodRequest } from '../../../../contract/index.js';
import { isOpenRequestStatus } from '../../../../contract/limits.js';
import { formatDateTime } from '../../../lib/datetime.js';
import { useConfirmedMutation } from '../../../ui/useConfirmedMutation.js';
import { MessagesLink } from '../../messages/components/MessagesLink.js';
import { useCancelRequest } from '../api/requests.js';
import { RequestStatusBadge } from './RequestStatusBadge.js';

/** What the viewer's own request means, in a sentence, by status. */
const SAYS = (): Record<FoodRequest['Status'], string> => ({
  Pending: t`You asked for this – waiting for the donor`,
  Accepted: t`The donor accepted your request.`,
  Delivered: t`You collected this.`,
  Declined: t`The donor declined your request.`,
  NoShow: t`You were marked as not having come to the pickup.`,
});

/**
 * The viewer's own request on a food's detail page, in place of the 'Request' button while it
 * is open: its status, the agreed pickup time and the donor's note once accepted, a link to
 * the conversation and 'Cancel Request' (pending or accepted, as on My Food Request; SPEC.md §8's
 * confirmation and popup). A closed request shows its status only.
 */
export default function MyRequestPanel({ request }: { request: FoodRequest }) {
  const cancel = useConfirmedMutation(useCancelRequest(), {
    confirm: { title: t`You want to cancel this request?`, confirmButtonText: t`Yes, cancel it!` },
    success: (result) => (result.deletedCount > 0 ? [t`Cancelled!`, t`The request has been cancelled.`] : null),
  });
  const open = isOpenRequestStatus(request.Status);
  return (
    <section aria-labelledby="my-request-heading" className="flex flex-col gap-2 rounded-box border border-info p-4">
      <h2 id="my-request-heading" className="flex items-center gap-2 text-lg font-semibold">
        <Trans>Your request</Trans> <RequestStatusBadge status={request.Status} />
      </h2>
      <p>{SAYS()[request.Status]}</p>
      {request.Status === 'Accepted' && (
        <p>
          <strong><Trans>Pickup:</Trans></strong> {request.PickupAt ? formatDateTime(request.PickupAt) : t`no time set yet; agree on one in Messages.`}
        </p>
      )}
      {request.Status === 'Accepted' && request.Note && <p>{request.Note}</p>}
      {request.Status === 'Declined' && request.Reason && <p>{request.Reason}</p>}
      {open && (
        <div className="flex flex-wrap gap-2">
          <MessagesLink requestId={request._id} />
          <button type="button" className="btn btn-sm btn-error whitespace-nowrap" disabled={cancel.busy(request._id)} onClick={() => void cancel.run(request._id)}>
            <Trans>Cancel Request</Trans>
          </button>
        </div>
      )}
    </section>
  );
}
