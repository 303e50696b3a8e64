import { useParams } from 'react-router';
import type { FoodRequest } from '../../../../contract/index.js';
import { useFoodRequests, useMarkDelivered } from '../api/requests.js';
import { ErrorState } from '../../../ui/ErrorState.js';
import { confirmPopup, successPopup } from '../../../ui/popups.js';
import { Spinner } from '../../../ui/Spinner.js';
import { formatDateTime } from '../../../lib/datetime.js';
import { usePageTitle } from '../../../lib/title.js';

/**
 * Manage food (SPEC.md §2 /manage-food/{foodId}, login required): the requests
 * for one of the donor's foods, each with 'Mark as Delivered' (SPEC.md §4).
 */
export default function ManageFoodPage() {
  usePageTitle('Manage Food');
  const { foodId } = useParams();
  const { data, isPending, isError, refetch } = useFoodRequests(foodId);
  const markDelivered = useMarkDelivered();

  async function handleDeliver(request: FoodRequest) {
    const answer = await confirmPopup({
      title: 'You want to mark this request as delivered?',
      confirmButtonText: 'Yes, mark it!',
    });
    if (answer !== 'confirmed') return;
    markDelivered.mutate(request._id, {
      onSuccess: () => void successPopup('Updated!', 'The request status has been updated to Delivered.'),
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-center text-3xl font-bold sm:text-4xl">Manage Food</h1>
      {isPending ? (
        <Spinner fullPage />
      ) : isError ? (
        <ErrorState message="Could not load the requests for this food." onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="py-12 text-center text-lg">No requests found for this food item.</p>
      ) : (
        <>
          <p className="text-center text-lg">
            Requests for <span className="font-semibold">{data[0]?.FoodName}</span>
          </p>
          <div role="region" aria-label="Requests for this food" tabIndex={0} className="overflow-x-auto rounded-box border border-base-200">
            <table className="table">
              <caption className="sr-only">Requests for this food</caption>
              <thead>
                <tr>
                  <th scope="col">Requester Name</th>
                  <th scope="col">Requester Image</th>
                  <th scope="col">Requester Email</th>
                  <th scope="col">Request Date</th>
                  <th scope="col">Status</th>
                  <th scope="col">Action</th>
                </tr>
              </thead>
              <tbody>
                {data.map((request) => {
                  const delivered = request.Status === 'Delivered';
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
                        <span className={`badge ${delivered ? 'badge-success' : 'badge-warning'}`}>{request.Status}</span>
                      </td>
                      <td>
                        <button
                          type="button"
                          className="btn btn-sm btn-primary whitespace-nowrap"
                          disabled={delivered || (markDelivered.isPending && markDelivered.variables === request._id)}
                          onClick={() => void handleDeliver(request)}
                        >
                          {delivered ? 'Delivered' : 'Mark as Delivered'}
                        </button>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </>
      )}
    </div>
  );
}
