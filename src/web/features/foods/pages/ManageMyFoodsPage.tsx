import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { usePageTitle } from '../../../lib/title.js';
import { QueryTable } from '../../../ui/QueryTable.js';
import { useConfirmedMutation } from '../../../ui/useConfirmedMutation.js';
import { useAuth } from '../../auth/useAuth.js';
import { useDeleteFood, useMyFoods } from '../api/foods.js';
import { manageFoodPath, updateFoodPath } from '../../../../contract/routes.js';

const columns = () => [t`Food Name`, t`Update`, t`Manage`, t`Delete`];

/**
 * Manage my foods (SPEC.md §2 /manage-my-foods, login required): the user's
 * foods with Update, Manage and Delete; deleting asks first (SPEC.md §8).
 */
export default function ManageMyFoodsPage() {
  usePageTitle(t`Manage My Foods`);
  const { user } = useAuth();
  const foods = useMyFoods(user?.email);
  const remove = useConfirmedMutation(useDeleteFood(), {
    confirm: { title: t`Are you sure?`, text: t`You won't be able to revert this!`, confirmButtonText: t`Yes, delete it!` },
    dismissed: [t`Cancelled`, t`The Food remains safe`],
    success: (result) => (result.deletedCount > 0 ? [t`Deleted!`, t`The Food has been deleted.`] : null),
  });

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-center text-3xl font-bold sm:text-4xl"><Trans>Manage My Foods</Trans></h1>
      <QueryTable
        query={foods}
        errorMessage={t`Could not load your foods.`}
        emptyMessage={t`You Don't added any foods`}
        label={t`Your foods`}
        columns={columns()}
        row={(food) => (
          <tr key={food._id}>
            <td>
              <div className="flex items-center gap-3">
                <img src={food.FoodImage} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded object-cover" />
                <span className="min-w-32">
                  <span className="font-medium">{food.FoodName}</span>
                  {/* Hidden by a moderator or by reports; only the donor sees this. */}
                  {food.Hidden && <span className="block text-sm text-red-800"><Trans>Hidden: {food.Hidden.Reason}</Trans></span>}
                </span>
              </div>
            </td>
            <td>
              <Link to={updateFoodPath(food._id)} className="btn btn-sm btn-outline">
                <Trans>Update</Trans>
              </Link>
            </td>
            <td>
              <Link to={manageFoodPath(food._id)} className="btn btn-sm btn-outline">
                <Trans>Manage</Trans>
              </Link>
            </td>
            <td>
              <button
                type="button"
                className="btn btn-sm btn-error whitespace-nowrap"
                disabled={remove.busy(food._id)}
                onClick={() => void remove.run(food._id)}
              >
                <Trans>Delete</Trans>
              </button>
            </td>
          </tr>
        )}
      />
    </div>
  );
}
