import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import type { Food } from '../../../../contract/index.js';
import { ErrorState } from '../../../ui/ErrorState.js';
import { FoodGrid } from '../../foods/components/FoodCard.js';

/**
 * The featured foods once their answer is in (SPEC.md §2 home): the error with a retry, 'No foods found.'
 * or the grid of cards. Its own chunk (the cards' code and the `common` catalog), asked for when the
 * list is, so it loads beside the list's answer (features/home/pages/HomePage.tsx).
 */
export default function FeaturedResult({ foods, onRetry }: { foods: Food[] | undefined; onRetry: () => void }) {
  if (!foods) return <ErrorState message={t`Could not load foods.`} onRetry={onRetry} />;
  if (foods.length === 0)
    return (
      <p className="py-8 text-center">
        <Trans>No foods found.</Trans>
      </p>
    );
  return <FoodGrid foods={foods} />;
}
