import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { isOpenRequestStatus } from '../../../../contract/limits.js';
import { formatDate } from '../../../lib/dates.js';
import { formatDateTime, formatWhen } from '../../../lib/datetime.js';
import { usePageTitle } from '../../../lib/title.js';
import { MessagesLink } from '../../messages/components/MessagesLink.js';
import { QueryTable } from '../../../ui/QueryTable.js';
import { PersonNameCell } from '../../safety/components/PersonNameCell.js';
import { useConfirmedMutation } from '../../../ui/useConfirmedMutation.js';
import { useAuth } from '../../auth/useAuth.js';
import { useCancelRequest, useMyRequests } from '../api/requests.js';
import { RequestStatusBadge } from '../components/RequestStatusBadge.js';

const COLUMNS = () => [
  t`Food`,
  t`Donor Name`,
  t`Pickup Location`,
  t`Expire Date`,
  t`Request Date`,
  t`Your Donation Amount`,
  t`Status`,
  t`Action`,
];

/**
 * My food requests (SPEC.md §2 /my-food-request, login required): the user's
 * requests; 'Cancel Request' deletes one while it is 'Pending' (SPEC.md §4) or
 * 'Accepted'.
 */
export default function MyFoodRequestPage() {
  usePageTitle(t`My Food Request`);
  const { user } = useAuth();
  const requests = useMyRequests(user?.email);
  const cancel = useConfirmedMutation(useCancelRequest(), {
    confirm: { title: t`You want to cancel this request?`, confirmButtonText: t`Yes, cancel it!` },
    success: (result) => (result.deletedCount > 0 ? [t`Cancelled!`, t`The request has been cancelled.`] : null),
  });

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-center text-3xl font-bold sm:text-4xl"><Trans>My Food Request</Trans></h1>
      <QueryTable
        query={requests}
        errorMessage={t`Could not load your requests.`}
        emptyMessage={t`You haven't requested any foods yet.`}
        label={t`Your food requests`}
        columns={COLUMNS()}
        row={(request) => {
          const open = isOpenRequestStatus(request.Status);
          return (
            <tr key={request._id}>
              <td className="font-medium">{request.FoodName}</td>
              <PersonNameCell name={request.Donator.Name} userId={request.Donator._id} standing={request.Donator.Standing} />
              <td>{request.PickupLocation || t`Unknown`}</td>
              <td>{formatDate(request.ExpiredDateTime)}</td>
              <td>{formatDateTime(request.RequestDate)}</td>
              <td>{request.DonationMoney || t`N/A`}</td>
              <td>
                <RequestStatusBadge status={request.Status} />
                {/* The donor's pickup time and note on accepting, or reason on declining. */}
                {request.PickupAt && request.Status === 'Accepted' && (
                  <span className="mt-1 block text-sm"><Trans>Pickup</Trans> {formatWhen(request.PickupAt)}</span>
                )}
                {request.Status === 'Accepted' && request.Note && <span className="mt-1 block text-sm">{request.Note}</span>}
                {request.Status === 'Declined' && request.Reason && <span className="mt-1 block text-sm">{request.Reason}</span>}
              </td>
              <td>
                {/* A flex box inside the cell, so the cell stays a table cell lined up with its row. */}
                <div className="flex flex-wrap gap-2">
                  <MessagesLink requestId={request._id} />
                  <button
                    type="button"
                    className="btn btn-sm btn-error whitespace-nowrap"
                    disabled={!open || cancel.busy(request._id)}
                    onClick={() => void cancel.run(request._id)}
                  >
                    <Trans>Cancel Request</Trans>
                  </button>
                </div>
              </td>
            </tr>
          );
        }}
      />
    </div>
  );
}
