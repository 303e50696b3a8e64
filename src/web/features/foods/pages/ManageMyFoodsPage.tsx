import { Link } from 'wouter';
import { usePageTitle } from '../../../lib/title.js';
import { QueryTable } from '../../../ui/QueryTable.js';
import { useConfirmedMutation } from '../../../ui/useConfirmedMutation.js';
import { useAuth } from '../../auth/useAuth.js';
import { useDeleteFood, useMyFoods } from '../api/foods.js';
import { manageFoodPath, updateFoodPath } from '../../../../contract/routes.js';

const COLUMNS = ['Food Name', 'Update', 'Manage', 'Delete'] as const;

/**
 * Manage my foods (SPEC.md §2 /manage-my-foods, login required): the user's
 * foods with Update, Manage and Delete; deleting asks first (SPEC.md §8).
 */
export default function ManageMyFoodsPage() {
  usePageTitle('Manage My Foods');
  const { user } = useAuth();
  const foods = useMyFoods(user?.email);
  const remove = useConfirmedMutation(useDeleteFood(), {
    confirm: { title: 'Are you sure?', text: "You won't be able to revert this!", confirmButtonText: 'Yes, delete it!' },
    dismissed: ['Cancelled', 'The Food remains safe'],
    success: (result) => (result.deletedCount > 0 ? ['Deleted!', 'The Food has been deleted.'] : null),
  });

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-center text-3xl font-bold sm:text-4xl">Manage My Foods</h1>
      <QueryTable
        query={foods}
        errorMessage="Could not load your foods."
        emptyMessage="You Don't added any foods"
        label="Your foods"
        columns={COLUMNS}
        row={(food) => (
          <tr key={food._id}>
            <td>
              <div className="flex items-center gap-3">
                <img src={food.FoodImage} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded object-cover" />
                <span className="min-w-32">
                  <span className="font-medium">{food.FoodName}</span>
                  {/* Hidden by a moderator or by reports; only the donor sees this. */}
                  {food.Hidden && <span className="block text-sm text-red-800">Hidden: {food.Hidden.Reason}</span>}
                </span>
              </div>
            </td>
            <td>
              <Link to={updateFoodPath(food._id)} className="btn btn-sm btn-outline">
                Update
              </Link>
            </td>
            <td>
              <Link to={manageFoodPath(food._id)} className="btn btn-sm btn-outline">
                Manage
              </Link>
            </td>
            <td>
              <button
                type="button"
                className="btn btn-sm btn-error whitespace-nowrap"
                disabled={remove.busy(food._id)}
                onClick={() => void remove.run(food._id)}
              >
                Delete
              </button>
            </td>
          </tr>
        )}
      />
    </div>
  );
}
