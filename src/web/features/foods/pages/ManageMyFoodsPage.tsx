import { Link } from 'react-router';
import type { Food } from '../../../../contract/index.js';
import { useDeleteFood, useMyFoods } from '../api/foods.js';
import { useAuth } from '../../auth/useAuth.js';
import { ErrorState } from '../../../ui/ErrorState.js';
import { confirmPopup, infoPopup, successPopup } from '../../../ui/popups.js';
import { Spinner } from '../../../ui/Spinner.js';
import { usePageTitle } from '../../../lib/title.js';

/**
 * Manage my foods (SPEC.md §2 /manage-my-foods, login required): the user's
 * foods with Update, Manage and Delete; deleting asks first (SPEC.md §8).
 */
export default function ManageMyFoodsPage() {
  usePageTitle('Manage My Foods');
  const { user } = useAuth();
  const { data, isPending, isError, refetch } = useMyFoods(user?.email);
  const deleteFood = useDeleteFood();

  async function handleDelete(food: Food) {
    const answer = await confirmPopup({
      title: 'Are you sure?',
      text: "You won't be able to revert this!",
      confirmButtonText: 'Yes, delete it!',
    });
    if (answer === 'dismissed') {
      void infoPopup('Cancelled', 'The Food remains safe');
      return;
    }
    deleteFood.mutate(food._id, {
      onSuccess: (result) => {
        if (result.deletedCount > 0) void successPopup('Deleted!', 'The Food has been deleted.');
      },
    });
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-center text-3xl font-bold sm:text-4xl">Manage My Foods</h1>
      {isPending ? (
        <Spinner fullPage />
      ) : isError ? (
        <ErrorState message="Could not load your foods." onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="py-12 text-center text-lg">You Don't added any foods</p>
      ) : (
        <div role="region" aria-label="Your foods" tabIndex={0} className="overflow-x-auto rounded-box border border-base-200">
          <table className="table">
            <caption className="sr-only">Your foods</caption>
            <thead>
              <tr>
                <th scope="col">Food Name</th>
                <th scope="col">Update</th>
                <th scope="col">Manage</th>
                <th scope="col">Delete</th>
              </tr>
            </thead>
            <tbody>
              {data.map((food) => (
                <tr key={food._id}>
                  <td>
                    <div className="flex items-center gap-3">
                      <img src={food.FoodImage} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded object-cover" />
                      <span className="min-w-32 font-medium">{food.FoodName}</span>
                    </div>
                  </td>
                  <td>
                    <Link to={`/update-food/${food._id}`} className="btn btn-sm btn-outline">
                      Update
                    </Link>
                  </td>
                  <td>
                    <Link to={`/manage-food/${food._id}`} className="btn btn-sm btn-outline">
                      Manage
                    </Link>
                  </td>
                  <td>
                    <button
                      type="button"
                      className="btn btn-sm btn-error whitespace-nowrap"
                      disabled={deleteFood.isPending && deleteFood.variables === food._id}
                      onClick={() => void handleDelete(food)}
                    >
                      Delete
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
