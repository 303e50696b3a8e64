import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useState } from 'react';
import { isListedFoodStatus } from '../../../../contract/limits.js';
import { useLocation, useParams } from 'wouter';
import { formatLocalDate } from '../../../lib/localDate.js';
import { leftWords, upcomingWindows, windowWords } from '../../../lib/pickupWindows.js';
import { ApiError } from '../../../lib/http.js';
import { usePageTitle } from '../../../lib/title.js';
import { ErrorState } from '../../../ui/ErrorState.js';
import { Avatar } from '../../../ui/Avatar.js';
import { Ring, Spinner } from '../../../ui/Spinner.js';
import { useAuth } from '../../auth/useAuth.js';
import { PersonStandingText } from '../../safety/components/PersonStandingText.js';
import { SafetyActions } from '../../safety/components/SafetyActions.js';
import { MissingListingNotice } from '../../safety/components/MissingListingNotice.js';
import { useMyRequestFor } from '../../requests/api/requests.js';
import { useFood } from '../api/foods.js';
import { ClosedListingNotice } from '../components/ClosedListingNotice.js';
import { FoodPhotos } from '../components/FoodPhotos.js';
import { CategoryBadge } from '../components/CategoryBadge.js';
import { FoodFactsRows } from '../components/FoodFacts.js';
import { DonorRegularOffers } from '../components/DonorRegularOffers.js';

// Leaflet loads only on a detail page whose food has a place.
const SpotMap = lazy(() => import('../../places/components/SpotMap.js'));
// The request dialog loads when 'Request' is pressed.
// The viewer's own request (status, pickup time, Messages, Cancel) loads only for a food they asked for.
const MyRequestPanel = lazy(() => import('../../requests/components/MyRequestPanel.js'));
const RequestDialog = lazy(() => import('../../requests/components/RequestDialog.js').then((m) => ({ default: m.RequestDialog })));

/**
 * Food detail (SPEC.md §2 /food/{id}): the food, its donor and a 'Request' button
 * that opens the request dialog, or sends signed-out visitors to /login
 * remembering this path. A collected or expired listing shows a notice and similar
 * food instead of the button; a reserved one says so beside it. A viewer who
 * asked for this food sees their request (status, pickup time, Messages, Cancel) instead of
 * the button while it is open, and above it once closed.
 */
export default function FoodDetailsPage() {
  const { id } = useParams();
  const { data: food, isPending, isError, error, refetch } = useFood(id);
  // The tab names the food (SPEC.md §1 fixes only the titles of Home, Login and Register).
  usePageTitle(food?.FoodName || t`Food Details`);
  const { user, loading, firstSession } = useAuth();
  const myRequest = useMyRequestFor(user?.email, id ?? '');
  const myOpenRequest = myRequest && (myRequest.Status === 'Pending' || myRequest.Status === 'Accepted');
  const [pathname, navigate] = useLocation();
  // When the request dialog was opened; null while it is closed.
  const [openedAt, setOpenedAt] = useState<string | null>(null);
  // True while a press of 'Request' waits for the first session answer (lib/firstPaint.ts delays that read).
  const [pressedEarly, setPressedEarly] = useState(false);

  if (isPending) return <Spinner fullPage />;
  const missing = isError && error instanceof ApiError && (error.status === 404 || error.status === 400);
  // A food shown from the page's embedded JSON stays when only its refresh failed (API unreachable).
  if (isError && (missing || !food)) {
    return (
      <>
        <h1 className="sr-only"><Trans>Food Details</Trans></h1>
        {missing ? (
          // A food blocked away keeps its last answer here, so the notice can name its donor.
          <MissingListingNotice donor={food?.Donator} />
        ) : (
          <ErrorState message={t`Could not load this food.`} onRetry={() => void refetch()} />
        )}
      </>
    );
  }

  async function openRequest() {
    setPressedEarly(loading);
    const viewer = loading ? await firstSession : user;
    setPressedEarly(false);
    if (!viewer) {
      void navigate('/login', { state: { from: pathname } });
      return;
    }
    setOpenedAt(new Date().toISOString());
  }

  return (
    <article className="grid grid-cols-1 gap-8 lg:grid-cols-2">
      <FoodPhotos food={food} />
      <div className="flex flex-col gap-5">
        <h1 className="text-3xl font-bold sm:text-4xl">{food.FoodName}</h1>
        <CategoryBadge category={food.Category} />
        {food.Hidden && (
          <p role="status" className="rounded-box border border-warning bg-warning/20 p-3">
            <strong><Trans>Hidden from other people.</Trans></strong> {food.Hidden.Reason}
          </p>
        )}
        <p className="text-lg text-gray-700">{food.AdditionalNotes}</p>
        <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
          <dt className="font-semibold"><Trans>Quantity</Trans></dt>
          <dd>{food.FoodQuantity}</dd>
          <dt className="font-semibold"><Trans>Pickup Location</Trans></dt>
          <dd>{food.PickupLocation}</dd>
          <dt className="font-semibold"><Trans>Expiry Date</Trans></dt>
          <dd>{formatLocalDate(food.ExpiredDateTime)}</dd>
          <FoodFactsRows food={food} />
          {upcomingWindows(food).length > 0 && (
            <>
              <dt className="font-semibold"><Trans>Pick up</Trans></dt>
              <dd>
                <ul>
                  {upcomingWindows(food).map((w) => (
                    <li key={w.Start}>
                      {windowWords(w, food.TimeZone)}
                      {w.Capacity !== undefined && <span className="text-sm"> ({leftWords(w)})</span>}
                    </li>
                  ))}
                </ul>
                {food.SeriesId && <p className="text-sm"><Trans>A regular offer: it comes again on other days.</Trans></p>}
              </dd>
            </>
          )}
        </dl>
        {food.Location && (
          <Suspense fallback={null}>
            <SpotMap
              location={food.Location}
              label={
                food.Location.Approximate
                  ? t`Map: the pickup point lies in this area (within about 500 m); the exact point is shared once the donor accepts your request.`
                  : t`Map: the exact pickup point.`
              }
            />
          </Suspense>
        )}
        <section aria-labelledby="donor-heading" className="flex items-center gap-4 rounded-box bg-base-200 p-4">
          <Avatar name={food.Donator.Name} src={food.Donator.Image} size={56} className="h-14 w-14 text-xl" />
          <div>
            <h2 id="donor-heading" className="text-sm font-semibold uppercase tracking-wide text-gray-700">
              <Trans>Donator</Trans>
            </h2>
            <p className="text-lg font-medium">{food.Donator.Name}</p>
            <PersonStandingText userId={food.Donator._id} />
            <DonorRegularOffers userId={food.Donator._id} />
            <SafetyActions
              type="food"
              targetId={food._id}
              label={food.FoodName}
              person={food.Donator._id ? { id: food.Donator._id, name: food.Donator.Name } : undefined}
              className="mt-1"
            />
          </div>
        </section>
        {myRequest && (
          <Suspense fallback={null}>
            <MyRequestPanel request={myRequest} />
          </Suspense>
        )}
        {myOpenRequest ? null : !isListedFoodStatus(food.FoodStatus) ? (
          <ClosedListingNotice food={food} />
        ) : (
          <div className="flex flex-col gap-2">
            {food.FoodStatus === 'Reserved' && (
              <p>
                <span className="badge badge-outline me-2 font-semibold"><Trans>Reserved</Trans></span>
                <Trans>The donor has accepted a request; you can still join the queue.</Trans>
              </p>
            )}
            <div>
              <button type="button" className="btn btn-primary btn-wide" onClick={() => void openRequest()} aria-busy={pressedEarly || undefined}>
                {pressedEarly && <Ring className="size-4 border-2" />}
                <Trans>Request</Trans>
              </button>
            </div>
          </div>
        )}
      </div>
      {user && openedAt && (
        <Suspense fallback={null}>
          <RequestDialog food={food} user={user} openedAt={openedAt} onClose={() => setOpenedAt(null)} />
        </Suspense>
      )}
    </article>
  );
}
