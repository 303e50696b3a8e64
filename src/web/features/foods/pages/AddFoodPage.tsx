import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { useAddFood } from '../api/foods.js';
import { useAuth } from '../../auth/useAuth.js';
import { FoodForm } from '../components/FoodForm.js';
import { successPopup } from '../../../ui/popups.js';
import { usePageTitle } from '../../../lib/title.js';
import { foodPath } from '../../../../contract/routes.js';

/**
 * Add food (SPEC.md §2 /add-food, login required): the food form with 'Add
 * Donation'; success shows 'Food Added!' (SPEC.md §8), empties the form and leaves
 * a link to the new listing above it.
 */
export default function AddFoodPage() {
  usePageTitle(t`Add Food`);
  const { user } = useAuth();
  const addFood = useAddFood();
  const [added, setAdded] = useState<{ id: string; name: string }>();
  if (!user) return null; // RequireAuth guarantees a user.

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-center text-3xl font-bold sm:text-4xl"><Trans>Add Food</Trans></h1>
      <div role="status">
        {added && (
          <p className="rounded-box border border-success bg-success/10 p-3">
            <Trans>{added.name} is listed.</Trans>{' '}
            <Link to={foodPath(added.id)} className="link font-semibold">
              <Trans>View your listing</Trans>
            </Link>
          </p>
        )}
      </div>
      <div className="card border border-base-200 bg-base-100 shadow-lg">
        <div className="card-body">
          <FoodForm
            donor={user}
            submitLabel={t`Add Donation`}
            pending={addFood.isPending}
            onSubmit={(input, form) =>
              addFood.mutate(input, {
                onSuccess: (result) => {
                  setAdded({ id: result.insertedId, name: input.FoodName });
                  form.reset();
                  void successPopup(t`Food Added!`, t`The Food has been added successfully.`);
                },
              })
            }
          />
        </div>
      </div>
    </div>
  );
}
