import type { FoodRequest } from '../../../../contract/index.js';
import { useCancelRequest, useMyRequests } from '../api/requests.js';
import { useAuth } from '../../auth/useAuth.js';
import { ErrorState } from '../../../ui/ErrorState.js';
import { confirmPopup, successPopup } from '../../../ui/popups.js';
import { Spinner } from '../../../ui/Spinner.js';
import { formatDate } from '../../../lib/dates.js';
import { formatDateTime } from '../../../lib/datetime.js';
import { usePageTitle } from '../../../lib/title.js';

/**
 * My food requests (SPEC.md §2 /my-food-request, login required): the user's
 * requests; 'Cancel Request' deletes one while it is 'Pending' (SPEC.md §4).
 */
export default function MyFoodRequestPage() {
  usePageTitle('My Food Request');
  const { user } = useAuth();
  const { data, isPending, isError, refetch } = useMyRequests(user?.email);
  const cancelRequest = useCancelRequest();

  async function handleCancel(request: FoodRequest) {
    const answer = await confirmPopup({
      title: 'You want to cancel this request?',
      confirmButtonText: 'Yes, cancel it!',
    });
    if (answer !== 'confirmed') return;
    cancelRequest.mutate(request._id, {
      onSuccess: (result) => {
        if (result.deletedCount > 0) void successPopup('Cancelled!', 'The request has been cancelled.');
      },
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-center text-3xl font-bold sm:text-4xl">My Food Request</h1>
      {isPending ? (
        <Spinner fullPage />
      ) : isError ? (
        <ErrorState message="Could not load your requests." onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="py-12 text-center text-lg">You haven&apos;t requested any foods yet.</p>
      ) : (
        <div role="region" aria-label="Your food requests" tabIndex={0} className="overflow-x-auto rounded-box border border-base-200">
          <table className="table">
            <caption className="sr-only">Your food requests</caption>
            <thead>
              <tr>
                <th scope="col">Food</th>
                <th scope="col">Donor Name</th>
                <th scope="col">Pickup Location</th>
                <th scope="col">Expire Date</th>
                <th scope="col">Request Date</th>
                <th scope="col">Your Donation Amount</th>
                <th scope="col">Status</th>
                <th scope="col">Action</th>
              </tr>
            </thead>
            <tbody>
              {data.map((request) => {
                const pending = request.Status === 'Pending';
                return (
                  <tr key={request._id}>
                    <td className="font-medium">{request.FoodName}</td>
                    <td>{request.Donator.Name}</td>
                    <td>{request.PickupLocation || 'Unknown'}</td>
                    <td>{formatDate(request.ExpiredDateTime)}</td>
                    <td>{formatDateTime(request.RequestDate)}</td>
                    <td>{request.DonationMoney || 'N/A'}</td>
                    <td>
                      <span className={`badge ${pending ? 'badge-warning' : 'badge-success'}`}>{request.Status}</span>
                    </td>
                    <td>
                      <button
                        type="button"
                        className="btn btn-sm btn-error whitespace-nowrap"
                        disabled={!pending || (cancelRequest.isPending && cancelRequest.variables === request._id)}
                        onClick={() => void handleCancel(request)}
                      >
                        Cancel Request
                      </button>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
