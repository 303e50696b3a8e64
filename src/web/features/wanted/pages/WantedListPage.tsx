import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useState } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { usePageTitle } from '../../../lib/title.js';
import { numberFormat } from '../../../lib/intl.js';
import { ErrorState } from '../../../ui/ErrorState.js';
import { LoadMore } from '../../../ui/LoadMore.js';
import { Spinner } from '../../../ui/Spinner.js';
import { useAuth } from '../../auth/useAuth.js';
import { useHomeArea, useHomeAreaOff } from '../../places/api/places.js';
import { PlaceFinder, RADII_KM, RadiusSelect, type PickedPoint } from '../../places/components/PlaceFinder.js';
import { useWantedList } from '../api/wanted.js';
import { MyWantedPosts } from '../components/MyWantedPosts.js';
import { WantedCard } from '../components/WantedCard.js';
import { WantedForm } from '../components/WantedForm.js';

/** The list's place: a point and its radius, from the URL (`near=lat,lng&place=…&radius=…`). */
interface ListNear {
  point?: PickedPoint & { home?: boolean };
  radiusKm: number;
}

/** Reads the list's place from the URL. */
function nearFromParams(params: URLSearchParams): ListNear {
  const m = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(params.get('near') ?? '');
  const radius = Number(params.get('radius'));
  const place = params.get('place') ?? (m ? `${m[1]}, ${m[2]}` : '');
  return {
    point: m ? { lat: Number(m[1]), lng: Number(m[2]), label: place, name: place } : undefined,
    radiusKm: (RADII_KM as readonly number[]).includes(radius) ? radius : 10,
  };
}

/**
 * Wanted posts (docs/api.md "Wanted posts"): the open posts, newest first, 20 at a time as the
 * person scrolls or presses 'Load more'; near a place and within a radius when one is chosen (in
 * the URL, so a reload or a shared link keeps it), else near a signed-in person's saved home area
 * (as Available Foods; cleared for this visit like there), else everywhere. A signed-in person
 * may open 'Post what you need' and finds their own posts; a visitor is asked to log in first.
 */
export default function WantedListPage() {
  usePageTitle(t`Wanted posts`);
  const id = useId();
  const [pathname, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const { user } = useAuth();
  const [formOpen, setFormOpen] = useState(false);
  const [homeOff, setHomeOff] = useHomeAreaOff();
  const homeWanted = Boolean(user) && !params.has('near') && !homeOff;
  const home = useHomeArea(homeWanted ? user?.id : undefined);
  const homeArea = homeWanted ? home.data : undefined;
  const near: ListNear = homeArea
    ? { point: { lat: homeArea.Lat, lng: homeArea.Lng, label: homeArea.Name || t`saved in your profile`, name: homeArea.Name, home: true }, radiusKm: homeArea.RadiusKm }
    : nearFromParams(params);
  const query = useWantedList(near.point && { lat: near.point.lat, lng: near.point.lng, radiusKm: near.radiusKm }, !(homeWanted && home.isPending));
  const { isPending, isError, isFetching, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const posts = query.data?.pages.flatMap((p) => p.rows);

  function update(next: ListNear) {
    if (!next.point) setHomeOff(true);
    const out = new URLSearchParams();
    if (next.point) {
      out.set('near', `${next.point.lat.toFixed(5)},${next.point.lng.toFixed(5)}`);
      out.set('place', next.point.label);
      out.set('radius', String(next.radiusKm));
    }
    const qs = out.toString();
    navigate(`${pathname}${qs ? `?${qs}` : ''}`, { replace: true });
  }

  return (
    <div className="flex flex-col gap-6">
      <h1 className="text-center text-3xl font-bold sm:text-4xl"><Trans>Wanted posts</Trans></h1>
      <p className="mx-auto max-w-prose text-center">
        <Trans>Neighbours ask here for food they need. If you have it, list it and answer their post: it is offered to them first.</Trans>
      </p>
      <section aria-labelledby={`${id}-post`} className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
        <h2 id={`${id}-post`} className="text-lg font-semibold"><Trans>Need something?</Trans></h2>
        {!user ? (
          <p>
            <Link to="/login" state={{ from: pathname }} className="link link-primary"><Trans>Log in to post what you need</Trans></Link>
          </p>
        ) : formOpen ? (
          <>
            <WantedForm start={near.point} />
            <div>
              <button type="button" className="btn btn-ghost btn-sm" onClick={() => setFormOpen(false)}><Trans>Cancel</Trans></button>
            </div>
          </>
        ) : (
          <div>
            <button type="button" className="btn btn-primary" aria-expanded={false} onClick={() => setFormOpen(true)}>
              <Trans>Post what you need</Trans>
            </button>
          </div>
        )}
      </section>
      {user && <MyWantedPosts userId={user.id} />}
      <section aria-labelledby={`${id}-near`} className="flex flex-col gap-3 rounded-box border border-base-300 p-4">
        <h2 id={`${id}-near`} className="text-lg font-semibold"><Trans>Near</Trans></h2>
        <PlaceFinder
          legend={t`Where are you?`}
          boxText={near.point && near.point.label === near.point.name ? near.point.name : ''}
          announcePick={false}
          onPick={(point) => update({ ...near, point })}
        />
        <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-end">
          <RadiusSelect id={`${id}-radius`} value={near.radiusKm} onChange={(radiusKm) => update({ ...near, radiusKm })} />
          <div aria-live="polite">
            {near.point && (
              <p className="flex flex-wrap items-center gap-2">
                <span>{near.point.home ? t`Near your home area, ${near.point.label}` : t`Near ${near.point.label}`}</span>
                <button type="button" className="btn btn-ghost btn-sm underline" onClick={() => update({ ...near, point: undefined })}>
                  {near.point.home ? t`Clear for this visit` : t`Clear place`}
                </button>
              </p>
            )}
          </div>
        </div>
      </section>
      <div aria-busy={isFetching} className="flex flex-col gap-4">
        <p className="min-h-5 text-sm" aria-live="polite">
          {posts && !isFetching ? (hasNextPage ? plural(posts.length, { one: 'At least # post', other: 'At least # posts' }) : plural(posts.length, { one: '# post', other: '# posts' })) : ''}
        </p>
        {isPending ? (
          <Spinner />
        ) : isError ? (
          <ErrorState message={t`Could not load the Wanted posts.`} onRetry={() => void refetch()} />
        ) : !posts || posts.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-8 text-center">
            <p className="text-lg"><Trans>Nobody is asking for food here right now.</Trans></p>
            {near.point && <p className="max-w-prose"><Trans>Only posts within {numberFormat().format(near.radiusKm)} km are shown. Choose a wider distance, or clear the place.</Trans></p>}
          </div>
        ) : (
          <>
            <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3">
              {posts.map((post) => (
                <li key={post._id}>
                  <WantedCard post={post} />
                </li>
              ))}
            </ul>
            <LoadMore hasMore={hasNextPage} loading={isFetchingNextPage} onLoadMore={() => void fetchNextPage()} />
          </>
        )}
      </div>
    </div>
  );
}
