import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { lazy, Suspense, useEffect } from 'react';
import { Link } from 'wouter';
import { useFeaturedFoods } from '../api/featured.js';
import { useImpact } from '../../impact/api/communityImpact.js';
import { Spinner } from '../../../ui/Spinner.js';
import { usePageTitle } from '../../../lib/title.js';
import { withMessages } from '../../../lib/i18n.js';
import { firstPaint } from '../../../lib/firstPaint.js';

// The tips and testimonials below the featured foods come in their own chunk, with their texts (the `home` catalog),
// once the first screen has painted (lib/firstPaint.ts).
const HomeStories = lazy(() => firstPaint.then(withMessages(() => import('../components/HomeStories.js'), ['home'])));

// Its own chunk, fetched after the page (DESIGN.md "Weight budget"), with its texts.
const ImpactSection = lazy(withMessages(() => import('../../impact/components/ImpactSection.js'), ['home']));

/** The community impact band, hidden until there is a completed share. */
function ImpactBand() {
  const { data } = useImpact();
  if (!data || data.Shares === 0) return null;
  return (
    <Suspense fallback={null}>
      <ImpactSection data={data} />
    </Suspense>
  );
}

// What shows once the list is in (cards, error, empty) comes in its own chunk (DESIGN.md "Weight budget") with its
// texts, asked for when the featured list is (after the first paint), so it loads beside the list's answer.
const loadResult = withMessages(() => import('../components/FeaturedResult.js'), ['common', 'home']);
const FeaturedResult = lazy(loadResult);

/** The featured foods (SPEC.md §2 home): a spinner, then the error with a retry, 'No foods found.' or the grid. */
function FeaturedFoods() {
  const { data, isPending, refetch } = useFeaturedFoods();
  useEffect(() => void firstPaint.then(loadResult), []);
  if (isPending) return <Spinner fullPage />;
  return (
    <Suspense fallback={<Spinner fullPage />}>
      <FeaturedResult foods={data} onRetry={() => void refetch()} />
    </Suspense>
  );
}

/** Home (SPEC.md §2 "/"): hero, featured foods, impact band, awareness tips and testimonials (HomeStories). */
export default function HomePage() {
  usePageTitle(t`Home`);
  return (
    <div className="flex flex-col gap-16">
      <section className="hero rounded-box bg-indigo-50 px-4 py-16 sm:py-20">
        <div className="hero-content w-full min-w-0 max-w-3xl flex-col text-center break-words">
          <h1 className="text-4xl font-extrabold leading-tight text-indigo-900 sm:text-5xl">
            <Trans>Share surplus food with your neighbours</Trans>
          </h1>
          <p className="text-lg text-gray-700">
            <Trans>
              Plateful connects people who have food to spare with people who can use it. List what you have, request
              what you need, and keep good food out of the bin.
            </Trans>
          </p>
          <Link to="/add-food" className="btn btn-primary btn-lg">
            <Trans>Donate now</Trans>
          </Link>
        </div>
      </section>

      <section aria-labelledby="featured-heading" className="flex flex-col gap-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="featured-heading" className="text-3xl font-bold break-words hyphens-auto">
            <Trans>Featured Foods</Trans>
          </h2>
          <Link to="/available-foods" className="link link-primary">
            <Trans>Browse all foods</Trans>
          </Link>
        </div>
        <FeaturedFoods />
      </section>

      <ImpactBand />

      <Suspense fallback={null}>
        <HomeStories />
      </Suspense>
    </div>
  );
}
