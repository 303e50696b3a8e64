import { useAddFood } from '../api/foods.js';
import { useAuth } from '../../auth/useAuth.js';
import { FoodForm } from '../components/FoodForm.js';
import { successPopup } from '../../../ui/popups.js';
import { usePageTitle } from '../../../lib/title.js';

/**
 * Add food (SPEC.md §2 /add-food, login required): the food form with 'Add
 * Donation'; success shows 'Food Added!' (SPEC.md §8) and empties the form.
 */
export default function AddFoodPage() {
  usePageTitle('Add Food');
  const { user } = useAuth();
  const addFood = useAddFood();
  if (!user) return null; // RequireAuth guarantees a user.

  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-center text-3xl font-bold sm:text-4xl">Add Food</h1>
      <div className="card border border-base-200 bg-base-100 shadow-lg">
        <div className="card-body">
          <FoodForm
            donor={user}
            submitLabel="Add Donation"
            pending={addFood.isPending}
            onSubmit={(input, form) =>
              addFood.mutate(input, {
                onSuccess: () => {
                  form.reset();
                  void successPopup('Food Added!', 'The Food has been added successfully.');
                },
              })
            }
          />
        </div>
      </div>
    </div>
  );
}
