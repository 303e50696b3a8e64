import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import type { Food } from '../../../../contract/index.js';
import { useSimilarFoods } from '../api/foods.js';
import { foodPath } from '../../../../contract/routes.js';

/**
 * What a collected or expired listing's detail page shows instead of the 'Request'
 * button: a notice saying so, and links to up to three similar available
 * foods, or to Available Foods when there are none.
 */
export function ClosedListingNotice({ food }: { food: Food }) {
  const similar = useSimilarFoods(food);
  const collected = food.FoodStatus === 'Collected';
  return (
    <section aria-labelledby="closed-heading" className="flex flex-col gap-3 rounded-box border border-base-300 bg-base-200 p-4">
      <h2 id="closed-heading" className="text-xl font-semibold">
        {collected ? t`This food has been collected` : t`This food has expired`}
      </h2>
      <p>{collected ? t`Its donor has given it away, so it can no longer be requested.` : t`Its expiry date has passed, so it can no longer be requested.`}</p>
      {similar.data && similar.data.length > 0 ? (
        <>
          <h3 className="font-semibold"><Trans>Similar food still available</Trans></h3>
          <ul className="flex flex-col gap-1">
            {similar.data.map((f) => (
              <li key={f._id}>
                <Link to={foodPath(f._id)} className="link link-primary">
                  {f.FoodName}
                </Link>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <p>
        <Link to="/available-foods" className="link link-primary">
          <Trans>Browse available foods</Trans>
        </Link>
      </p>
    </section>
  );
}
