import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useEffect, useId, useRef, type FormEvent } from 'react';
import { Link, useLocation, useSearch } from 'wouter';
import { LIMITS } from '../../../../contract/limits.js';
import type { DateSort } from '../api/keys.js';
import { useAvailableFoods } from '../api/foods.js';
import { ErrorState } from '../../../ui/ErrorState.js';
import { PickupTimeFilter, pickupInterval, type PickupChoice } from '../components/PickupTimeFilter.js';
import { FoodGrid } from '../components/FoodCard.js';
import { FactsFilter, factsFromParams, factsToParams } from '../components/FactsFilter.js';
import type { FactsSearch } from '../api/keys.js';
import { LoadMore } from '../../../ui/LoadMore.js';
import { Spinner } from '../../../ui/Spinner.js';
import { usePageTitle } from '../../../lib/title.js';
import { ToggleButton } from '../../../ui/ToggleButton.js';
import { NearControl, type NearValue } from '../../places/components/NearControl.js';
import { LOCATION_LABEL, RADII_KM } from '../../places/components/PlaceFinder.js';
import { useHomeArea, useHomeAreaOff } from '../../places/api/places.js';
import { useAuth } from '../../auth/useAuth.js';
import { pickMyRequest, useMyRequests } from '../../requests/api/requests.js';
import '../../../ui/controls/join.css';

// Leaflet and its map load only when the person switches to 'Map'.
const FoodsMap = lazy(() => import('../../places/components/FoodsMap.js'));
// 'Save this search' (alerts) loads only for a signed-in person.
const SaveSearch = lazy(() => import('../../alerts/components/SaveSearch.js'));

/** Reads the 'Near' search from the URL (`near=lat,lng&place=…&radius=…&by=distance`). */
function nearFromParams(params: URLSearchParams): NearValue {
  const m = /^(-?\d+(?:\.\d+)?),(-?\d+(?:\.\d+)?)$/.exec(params.get('near') ?? '');
  const radius = Number(params.get('radius'));
  const place = params.get('place');
  return {
    // A shared 'Use my location' point keeps its sentence ("your location, near …") but no box text.
    point: m
      ? { lat: Number(m[1]), lng: Number(m[2]), label: place ?? `${m[1]}, ${m[2]}`, name: place && !place.startsWith(LOCATION_LABEL) ? place : '' }
      : undefined,
    radiusKm: (RADII_KM as readonly number[]).includes(radius) ? radius : 10,
    byDistance: Boolean(m) && params.get('by') === 'distance',
  };
}

/** "3 foods found"; "At least 24 foods found" while more pages remain. */
function foundText(count: number, more: boolean): string {
  return more
    ? plural(count, { one: 'At least # food found', other: 'At least # foods found' })
    : plural(count, { one: '# food found', other: '# foods found' });
}

/** Scrolls `el` to the top of the screen unless its top is already in view. */
function scrollIntoViewIfHidden(el: Element | null | undefined): void {
  if (!el) return;
  const top = el.getBoundingClientRect().top;
  if (top >= 0 && top < window.innerHeight - 120) return;
  const reduce = window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  window.scrollTo({ top: window.scrollY + top - 16, behavior: reduce ? 'auto' : 'smooth' });
}

/**
 * Available foods (SPEC.md §2 /available-foods): a search box applied on
 * 'Search', a toggle for the expiry-date order (default descending, §9) and the
 * grid, loaded 24 at a time as the user scrolls or presses 'Load more'. Search text
 * and order live in the URL (`?search=…&sort=acc`), so reloads, the back button and
 * shared links keep them. The 'Near' control (point, radius, sort by
 * distance; also in the URL) and a 'List' / 'Map' switch (`view=map`); the list stays the
 * primary view, the map is a lazily loaded chunk. A signed-in person's saved home area is
 * the Near search's start when the URL names no position and it was not cleared this visit
 * (its radius, the person's own sort); the list waits for it rather than loading twice.
 * A signed-in person may save the search as an alert ('Save this search', a lazy chunk).
 */
export default function AvailableFoodsPage() {
  usePageTitle(t`Available Foods`);
  const id = useId();
  const [pathname, navigate] = useLocation();
  const params = new URLSearchParams(useSearch());
  const search = params.get('search') ?? '';
  const sort: DateSort = params.get('sort') === 'acc' ? 'acc' : 'dec';
  const { user } = useAuth();
  // The viewer's own requests: each card they asked for says so.
  const mine = useMyRequests(user?.email);
  const [homeOff, setHomeOff] = useHomeAreaOff();
  const homeWanted = Boolean(user) && !params.has('near') && !homeOff;
  const home = useHomeArea(homeWanted ? user?.id : undefined);
  const homeArea = homeWanted ? home.data : undefined;
  const near: NearValue = homeArea
    ? { point: { lat: homeArea.Lat, lng: homeArea.Lng, label: homeArea.Name || t`saved in your profile`, name: homeArea.Name, home: true }, radiusKm: homeArea.RadiusKm, byDistance: false }
    : nearFromParams(params);
  const view = params.get('view') === 'map' ? 'map' : 'list';
  const when = (['today', 'evening', 'by'] as const).find((c) => c === params.get('pickup')) ?? 'any';
  const by = params.get('by-time') ?? '18:00';
  const facts = factsFromParams(params);
  const query = useAvailableFoods(
    sort,
    search,
    near.point && { lat: near.point.lat, lng: near.point.lng, radiusKm: near.radiusKm, byDistance: near.byDistance },
    { enabled: !(homeWanted && home.isPending), facts, pickup: pickupInterval(when, by) },
  );
  const { isPending, isError, isFetching, isPlaceholderData, refetch, hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  const data = query.data?.pages.flatMap((p) => p.rows);
  const results = useRef<HTMLDivElement>(null);
  // The search text whose answer should be brought into view once it is in (null: none pending).
  const scrollFor = useRef<string | null>(null);
  const answered = data && !isFetching && !isPlaceholderData;
  useEffect(() => {
    if (scrollFor.current === null || scrollFor.current !== search || !answered) return;
    scrollFor.current = null;
    scrollIntoViewIfHidden(results.current?.querySelector('li, p'));
  }, [search, answered, data]);

  function update(next: { search?: string; sort?: DateSort; near?: NearValue; view?: 'list' | 'map'; facts?: FactsSearch; when?: PickupChoice; by?: string }) {
    const merged = { search, sort, near, view, facts, when, by, ...next };
    const out = new URLSearchParams();
    if (merged.search) out.set('search', merged.search);
    if (merged.sort === 'acc') out.set('sort', 'acc');
    const point = merged.near.point;
    if (point) {
      out.set('near', `${point.lat.toFixed(5)},${point.lng.toFixed(5)}`);
      out.set('place', point.label);
      out.set('radius', String(merged.near.radiusKm));
      if (merged.near.byDistance) out.set('by', 'distance');
    }
    factsToParams(merged.facts, out);
    if (merged.view === 'map') out.set('view', 'map');
    if (merged.when !== 'any') out.set('pickup', merged.when);
    if (merged.when === 'by') out.set('by-time', merged.by);
    const qs = out.toString();
    navigate(`${pathname}${qs ? `?${qs}` : ''}`, { replace: true });
  }

  function handleSearch(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const text = String(new FormData(e.currentTarget).get('search') ?? '').trim();
    // On a phone the grid starts far below the box: the answer is scrolled into view.
    scrollFor.current = text;
    if (text === search && answered) {
      // The same search again: its answer is already in.
      scrollFor.current = null;
      scrollIntoViewIfHidden(results.current?.querySelector('li, p'));
    }
    update({ search: text });
  }

  return (
    <div className="flex flex-col gap-8">
      <h1 className="text-center text-3xl font-bold sm:text-4xl"><Trans>Available Foods</Trans></h1>
      <div className="flex flex-col items-stretch gap-4 md:flex-row md:items-end md:justify-between">
        <form role="search" onSubmit={handleSearch} className="flex flex-1 flex-col gap-1 md:max-w-xl">
          <label htmlFor={`${id}-search`} className="font-medium">
            <Trans>Search foods</Trans>
          </label>
          <div className="flex gap-2">
            <input
              key={search}
              id={`${id}-search`}
              name="search"
              type="search"
              maxLength={LIMITS.search}
              defaultValue={search}
              placeholder={t`Food name`}
              className="input input-bordered w-full"
            />
            <button type="submit" className="btn btn-primary">
              <Trans>Search</Trans>
            </button>
          </div>
          <p className="min-h-5 text-sm" aria-live="polite">
            {data && !isFetching ? foundText(data.length, hasNextPage) : ''}
          </p>
        </form>
        <button type="button" className="btn btn-outline" onClick={() => update({ sort: sort === 'dec' ? 'acc' : 'dec' })}>
          {sort === 'dec' ? t`Sort by expiry date: Descending` : t`Sort by expiry date: Ascending`}
        </button>
      </div>
      <NearControl
        value={near}
        onChange={(next) => {
          // Clearing the position also puts the home area aside for this visit.
          if (!next.point) setHomeOff(true);
          update({ near: next });
        }}
      />
      <FactsFilter value={facts} onChange={(next) => update({ facts: next })} />
      <PickupTimeFilter choice={when} by={by} onChange={(choice, time) => update({ when: choice, by: time })} />
      {user && (
        <Suspense fallback={null}>
          <SaveSearch search={search} facts={facts} near={near.point && { lat: near.point.lat, lng: near.point.lng, radiusKm: near.radiusKm }} />
        </Suspense>
      )}
      <div role="group" aria-label={t`Show foods as`} className="join self-start">
        {(['list', 'map'] as const).map((v) => (
          <ToggleButton key={v} className="join-item" pressed={view === v} onClick={() => update({ view: v })}>
            {v === 'list' ? t`List` : t`Map`}
          </ToggleButton>
        ))}
      </div>
      <div ref={results} aria-busy={isFetching}>
        {isPending ? (
          <Spinner fullPage />
        ) : isError ? (
          <ErrorState message={t`Could not load foods.`} onRetry={() => void refetch()} />
        ) : !data || data.length === 0 ? (
          <div className="flex flex-col items-center gap-2 py-12 text-center">
            <p className="text-lg"><Trans>No foods found.</Trans></p>
            <p><Link to="/wanted" className="link link-primary"><Trans>Ask for what you need with a Wanted post</Trans></Link></p>
            {near.point && (
              <p className="max-w-prose">
                <Trans>Only listings with a pickup point on the map within {near.radiusKm} km are shown. Choose a wider distance under
                'Within', or clear the place to see every listing.</Trans>
              </p>
            )}
          </div>
        ) : (
          <>
            {view === 'map' ? (
              <Suspense fallback={<Spinner />}>
                <FoodsMap foods={data} center={near.point} />
              </Suspense>
            ) : (
              <FoodGrid foods={data} headingLevel={2} statusOf={(foodId) => pickMyRequest(mine.data, foodId)?.Status} />
            )}
            <LoadMore hasMore={hasNextPage} loading={isFetchingNextPage} onLoadMore={() => void fetchNextPage()} />
          </>
        )}
      </div>
    </div>
  );
}
