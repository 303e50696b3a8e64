import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId } from 'react';
import { Link } from 'wouter';
import type { Food, RequestStatus } from '../../../../contract/index.js';
import { formatDate } from '../../../lib/dates.js';
import { aboutDistance } from '../../../lib/distance.js';
import { pickupLine } from '../../../lib/pickupWindows.js';
import { Photo } from '../../../ui/Photo.js';
import { foodPath } from '../../../../contract/routes.js';
import { CategoryBadge } from './CategoryBadge.js';

/**
 * One food in a grid (SPEC.md §2 home and available foods): image, name,
 * quantity, pickup location, expiry 'DD MMMM, YYYY' and a 'View Details' link
 * to /food/{id}. `headingLevel` fits the card title into the page's outline; `eager`
 * loads the photo at once, with high priority (the grid's first card: often the page's
 * largest paint). `myStatus`: the status of the viewer's own request on it, shown when given.
 */
export function FoodCard({ food, headingLevel = 3, eager = false, myStatus }: { food: Food; headingLevel?: 2 | 3; eager?: boolean; myStatus?: RequestStatus }) {
  const titleId = useId();
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const pickup = pickupLine(food);
  return (
    <article className="card w-full bg-base-100 shadow-md border border-base-200" aria-labelledby={titleId}>
      <figure className="aspect-[4/3] bg-base-200">
        <Photo
          src={food.FoodImage}
          alt={food.FoodName}
          width={400}
          height={300}
          sizes="(min-width: 1024px) 400px, (min-width: 768px) 50vw, 100vw"
          eager={eager}
          className="h-full w-full object-cover"
        />
      </figure>
      <div className="card-body gap-2">
        <Heading id={titleId} className="card-title text-lg">
          {food.FoodName}
        </Heading>
        <CategoryBadge category={food.Category} />
        {food.FoodStatus === 'Reserved' && (
          // A donor accepted a request; others may still join the queue.
          <p className="badge badge-outline font-semibold"><Trans>Reserved</Trans></p>
        )}
        {pickup && <p className="text-sm font-semibold">{pickup}</p>}
        {myStatus && <p className="text-sm font-semibold"><Trans>Your request:</Trans> {myStatus === 'NoShow' ? t`No-show` : myStatus}</p>}
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
          <dt className="font-semibold"><Trans>Quantity</Trans></dt>
          <dd>{food.FoodQuantity}</dd>
          <dt className="font-semibold"><Trans>Pickup Location</Trans></dt>
          <dd>{food.PickupLocation}</dd>
          <dt className="font-semibold"><Trans>Expires</Trans></dt>
          <dd>{formatDate(food.ExpiredDateTime)}</dd>
          {food.DistanceKm !== undefined && (
            <>
              <dt className="font-semibold"><Trans>Distance</Trans></dt>
              <dd>{aboutDistance(food.DistanceKm)}</dd>
            </>
          )}
        </dl>
        <div className="card-actions mt-2 justify-end">
          <Link to={foodPath(food._id)} className="btn btn-primary btn-sm" aria-describedby={titleId}>
            <Trans>View Details</Trans>
          </Link>
        </div>
      </div>
    </article>
  );
}

/**
 * The spec's food grid: 1 column on small screens, 2 on medium, 3 on large (SPEC.md §2).
 * The first card's photo loads eagerly: on a phone it is above the fold. `statusOf` gives the
 * viewer's own request status per food (pages that read the viewer's requests).
 */
export function FoodGrid({ foods, headingLevel = 3, statusOf }: { foods: Food[]; headingLevel?: 2 | 3; statusOf?: (foodId: string) => RequestStatus | undefined }) {
  return (
    <ul className="grid grid-cols-1 gap-6 md:grid-cols-2 lg:grid-cols-3">
      {foods.map((food, i) => (
        <li key={food._id} className="flex">
          <FoodCard food={food} headingLevel={headingLevel} eager={i === 0} myStatus={statusOf?.(food._id)} />
        </li>
      ))}
    </ul>
  );
}
