import { useParams } from '../../../lib/router.js';
import { formatDateTime } from '../../../lib/datetime.js';
import { usePageTitle } from '../../../lib/title.js';
import { MessagesLink } from '../../messages/components/MessagesLink.js';
import { QueryTable } from '../../../ui/QueryTable.js';
import { useConfirmedMutation } from '../../../ui/useConfirmedMutation.js';
import { useFoodRequests, useMarkDelivered } from '../api/requests.js';
import { RequestStatusBadge } from '../components/RequestStatusBadge.js';

const COLUMNS = ['Requester Name', 'Requester Image', 'Requester Email', 'Request Date', 'Status', 'Action'] as const;

/**
 * Manage food (SPEC.md §2 /manage-food/{foodId}, login required): the requests
 * for one of the donor's foods, each with 'Mark as Delivered' (SPEC.md §4).
 */
export default function ManageFoodPage() {
  usePageTitle('Manage Food');
  const { foodId } = useParams();
  const requests = useFoodRequests(foodId);
  const deliver = useConfirmedMutation(useMarkDelivered(), {
    confirm: { title: 'You want to mark this request as delivered?', confirmButtonText: 'Yes, mark it!' },
    success: () => ['Updated!', 'The request status has been updated to Delivered.'],
  });

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-center text-3xl font-bold sm:text-4xl">Manage Food</h1>
      <QueryTable
        query={requests}
        errorMessage="Could not load the requests for this food."
        emptyMessage="No requests found for this food item."
        label="Requests for this food"
        columns={COLUMNS}
        intro={(rows) => (
          <p className="text-center text-lg">
            Requests for <span className="font-semibold">{rows[0]?.FoodName}</span>
          </p>
        )}
        row={(request) => {
          const delivered = request.Status === 'Delivered';
          // Issue 16: only open requests (Pending, Accepted) can still be delivered.
          const open = request.Status === 'Pending' || request.Status === 'Accepted';
          return (
            <tr key={request._id}>
              <td>{request.Requester.Name}</td>
              <td>
                <img
                  src={request.Requester.Image}
                  alt={request.Requester.Name}
                  width={48}
                  height={48}
                  referrerPolicy="no-referrer"
                  className="h-12 w-12 rounded-full bg-base-200 object-cover"
                />
              </td>
              <td>{request.Requester.Email}</td>
              <td>{formatDateTime(request.RequestDate)}</td>
              <td>
                <RequestStatusBadge status={request.Status} />
              </td>
              <td className="flex flex-wrap gap-2">
                <MessagesLink requestId={request._id} />
                <button
                  type="button"
                  className="btn btn-sm btn-primary whitespace-nowrap"
                  disabled={!open || deliver.busy(request._id)}
                  onClick={() => void deliver.run(request._id)}
                >
                  {delivered ? 'Delivered' : 'Mark as Delivered'}
                </button>
              </td>
            </tr>
          );
        }}
      />
    </div>
  );
}
