import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import type { FoodRequest } from '../../../../contract/index.js';
import { isOpenRequestStatus } from '../../../../contract/limits.js';
import { useParams } from 'wouter';
import { formatDateTime, formatWhen } from '../../../lib/datetime.js';
import { usePageTitle } from '../../../lib/title.js';
import { MessagesLink } from '../../messages/components/MessagesLink.js';
import { Avatar } from '../../../ui/Avatar.js';
import { QueryTable } from '../../../ui/QueryTable.js';
import { PersonNameCell } from '../../safety/components/PersonNameCell.js';
import { successPopup } from '../../../ui/popups.js';
import { useConfirmedMutation } from '../../../ui/useConfirmedMutation.js';
import { useChangeRequestStatus, useFoodRequests, useMarkDelivered, useMarkNoShow } from '../api/requests.js';
import type { RequestAnswer } from '../components/RequestAnswerDialog.js';
import { RequestStatusBadge } from '../components/RequestStatusBadge.js';

// The Accept / Decline dialog loads when one of those buttons is pressed, the
// hand-over of part of the food with the requests below which it stands.
const PartHandOver = lazy(() => import('../components/PartHandOver.js').then((m) => ({ default: m.PartHandOver })));
const RequestAnswerDialog = lazy(() => import('../components/RequestAnswerDialog.js').then((m) => ({ default: m.RequestAnswerDialog })));

const COLUMNS = () => [t`Requester Name`, t`Requester Image`, t`Requester Email`, t`Request Date`, t`Status`, t`Action`];

/**
 * Manage food (SPEC.md §2 /manage-food/{foodId}, login required): the requests
 * for one of the donor's foods, each with 'Mark as Delivered' (SPEC.md §4);
 * adds 'Accept' (optional pickup time and note) and 'Decline' (optional reason) for a
 * pending request and 'No-show' for an accepted one, and below the table a hand-over
 * of part of the food ("Some left", `PartHandOver`).
 */
export default function ManageFoodPage() {
  usePageTitle(t`Manage Food`);
  const { foodId } = useParams();
  const requests = useFoodRequests(foodId);
  const deliver = useConfirmedMutation(useMarkDelivered(), {
    confirm: { title: t`You want to mark this request as delivered?`, confirmButtonText: t`Yes, mark it!` },
    success: () => [t`Updated!`, t`The request status has been updated to Delivered.`],
  });
  const change = useChangeRequestStatus();
  const noShow = useConfirmedMutation(useMarkNoShow(), {
    confirm: { title: t`Mark this request as a no-show?`, confirmButtonText: t`Yes, no-show` },
    success: () => [t`Updated!`, t`The request status has been updated to No-show.`],
  });
  const [answering, setAnswering] = useState<{ request: FoodRequest; answer: RequestAnswer } | null>(null);

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-center text-3xl font-bold sm:text-4xl"><Trans>Manage Food</Trans></h1>
      <QueryTable
        query={requests}
        errorMessage={t`Could not load the requests for this food.`}
        emptyMessage={t`No requests found for this food item.`}
        label={t`Requests for this food`}
        columns={COLUMNS()}
        intro={(rows) => (
          <p className="text-center text-lg">
            <Trans>Requests for</Trans> <span className="font-semibold">{rows[0]?.FoodName}</span>
          </p>
        )}
        row={(request) => {
          const delivered = request.Status === 'Delivered';
          // Only open requests can still be delivered.
          const open = isOpenRequestStatus(request.Status);
          return (
            <tr key={request._id}>
              <PersonNameCell name={request.Requester.Name} userId={request.Requester._id} standing={request.Requester.Standing} />
              <td>
                <Avatar name={request.Requester.Name} src={request.Requester.Image} size={48} className="h-12 w-12" />
              </td>
              <td>{request.Requester.Email}</td>
              <td>
                {formatDateTime(request.RequestDate)}
                {/* The requester's own words from the request dialog. */}
                {request.AdditionalNotes && <span className="mt-1 block text-sm"><Trans>Note: “</Trans>{request.AdditionalNotes}”</span>}
              </td>
              <td>
                <RequestStatusBadge status={request.Status} />
                {request.PickupAt && request.Status === 'Accepted' && (
                  <span className="mt-1 block text-sm"><Trans>Pickup</Trans> {formatWhen(request.PickupAt)}</span>
                )}
              </td>
              <td>
                {/* A flex box inside the cell, so the cell stays a table cell lined up with its row. */}
                <div className="flex flex-wrap items-center gap-2">
                  <MessagesLink requestId={request._id} />
                  {request.Status === 'Pending' && (
                    <>
                      <button type="button" className="btn btn-sm btn-primary" onClick={() => setAnswering({ request, answer: 'Accepted' })}>
                        <Trans>Accept</Trans>
                      </button>
                      <button type="button" className="btn btn-sm btn-outline" onClick={() => setAnswering({ request, answer: 'Declined' })}>
                        <Trans>Decline</Trans>
                      </button>
                    </>
                  )}
                  {request.Status === 'Accepted' && (
                    <button
                      type="button"
                      className="btn btn-sm btn-outline"
                      disabled={noShow.busy(request._id)}
                      onClick={() => void noShow.run(request._id)}
                    >
                      <Trans>No-show</Trans>
                    </button>
                  )}
                  {/* Not on declined or no-show rows: nothing is left to deliver there. Secondary while pending (Accept comes first). */}
                  {(open || delivered) && (
                    <button
                      type="button"
                      className={`btn btn-sm whitespace-nowrap ${request.Status === 'Accepted' ? 'btn-primary' : 'btn-outline btn-primary'}`}
                      disabled={delivered || deliver.busy(request._id)}
                      onClick={() => void deliver.run(request._id)}
                    >
                      {delivered ? t`Delivered` : t`Mark as Delivered`}
                    </button>
                  )}
                </div>
              </td>
            </tr>
          );
        }}
      />
      {foodId && requests.data && (
        <Suspense fallback={null}>
          <PartHandOver foodId={foodId} requests={requests.data} />
        </Suspense>
      )}
      {answering && (
        <Suspense fallback={null}>
          <RequestAnswerDialog
            request={answering.request}
            answer={answering.answer}
            pending={change.isPending}
            onClose={() => setAnswering(null)}
            onAnswer={(body) =>
              change.mutate(
                { id: answering.request._id, change: body },
                { onSuccess: () => void successPopup(t`Updated!`, t`The request status has been updated to ${body.Status}.`) },
              )
            }
          />
        </Suspense>
      )}
    </div>
  );
}
