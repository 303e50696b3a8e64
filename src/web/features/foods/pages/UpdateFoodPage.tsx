import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useLocation, useParams } from 'wouter';
import { useFood, useUpdateFood } from '../api/foods.js';
import { useAuth } from '../../auth/useAuth.js';
import { ErrorState } from '../../../ui/ErrorState.js';
import { FoodForm } from '../components/FoodForm.js';
import { successPopup } from '../../../ui/popups.js';
import { Spinner } from '../../../ui/Spinner.js';
import { usePageTitle } from '../../../lib/title.js';

/**
 * Update food (SPEC.md §2 /update-food/{id}, login required): the add form
 * prefilled, 'Update Donation'; success shows 'Food Updated!' and goes to
 * /manage-my-foods.
 */
export default function UpdateFoodPage() {
  usePageTitle(t`Update Food`);
  const { id } = useParams();
  const { user } = useAuth();
  const [, navigate] = useLocation();
  const { data: food, isPending, isError, refetch } = useFood(id);
  const updateFood = useUpdateFood();
  if (!user) return null; // RequireAuth guarantees a user.

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-center text-3xl font-bold sm:text-4xl"><Trans>Update Food</Trans></h1>
      {isPending ? (
        <Spinner fullPage />
      ) : isError ? (
        <ErrorState message={t`Could not load this food.`} onRetry={() => void refetch()} />
      ) : (
        <div className="card border border-base-200 bg-base-100 shadow-lg">
          <div className="card-body">
            <FoodForm
              key={food._id}
              initial={food}
              donor={user}
              submitLabel={t`Update Donation`}
              pending={updateFood.isPending}
              onSubmit={(input) =>
                updateFood.mutate(
                  { id: food._id, input },
                  {
                    onSuccess: () => {
                      void successPopup(t`Food Updated!`);
                      void navigate('/manage-my-foods');
                    },
                  },
                )
              }
            />
          </div>
        </div>
      )}
    </div>
  );
}
