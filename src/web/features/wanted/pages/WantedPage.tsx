import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense } from 'react';
import { Link, useLocation, useParams } from 'wouter';
import { foodPath } from '../../../../contract/routes.js';
import { formatWhen } from '../../../lib/datetime.js';
import { numberFormat } from '../../../lib/intl.js';
import { aboutDistance } from '../../../lib/distance.js';
import { ApiError } from '../../../lib/http.js';
import { usePageTitle } from '../../../lib/title.js';
import { toastSuccess } from '../../../lib/toast.js';
import { Avatar } from '../../../ui/Avatar.js';
import { ErrorState } from '../../../ui/ErrorState.js';
import { confirmPopup } from '../../../ui/popups.js';
import { Spinner } from '../../../ui/Spinner.js';
import { useAuth } from '../../auth/useAuth.js';
import { SafetyActions } from '../../safety/components/SafetyActions.js';
import { useDeleteWanted, useWanted } from '../api/wanted.js';
import { AnswerWithListing } from '../components/AnswerWithListing.js';
import { untilWords } from '../components/WantedCard.js';

// Leaflet loads only on a post's page.
const SpotMap = lazy(() => import('../../places/components/SpotMap.js'));

/**
 * A Wanted post's page (docs/api.md "Wanted posts"): what is needed, who asks, the area it may come
 * from (blurred: a circle around the public point; the poster alone sees their exact point), until
 * when, and the listings that answered it (links to their pages). A signed-in donor answers with one
 * of their listings; the poster deletes the post; others may report it or block its poster (the
 * listings' report dialog). An unknown, deleted or hidden post shows a notice and the way back.
 */
export default function WantedPage() {
  const { id } = useParams();
  const { data: post, isPending, isError, error, refetch } = useWanted(id);
  usePageTitle(post?.Title || t`Wanted post`);
  const { user } = useAuth();
  const [pathname, navigate] = useLocation();
  const remove = useDeleteWanted();

  if (isPending) return <Spinner fullPage />;
  if (isError) {
    const missing = error instanceof ApiError && (error.status === 404 || error.status === 400);
    return (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <h1 className="text-2xl font-bold"><Trans>Wanted post</Trans></h1>
        {missing ? (
          <p><Trans>This Wanted post does not exist any more. It may have been deleted.</Trans></p>
        ) : (
          <ErrorState message={t`Could not load this Wanted post.`} onRetry={() => void refetch()} />
        )}
        <Link to="/wanted" className="link link-primary"><Trans>See all Wanted posts</Trans></Link>
      </div>
    );
  }

  const mine = user?.id === post.Poster._id;

  async function deletePost() {
    if (!post) return;
    const answer = await confirmPopup({ title: t`Delete this Wanted post?`, text: t`Nobody will see it any more.`, confirmButtonText: t`Yes, delete it!` });
    if (answer !== 'confirmed') return;
    try {
      await remove.mutateAsync(post._id);
    } catch {
      return; // shown by the query client's error policy (lib/apiErrors)
    }
    toastSuccess(t`Your Wanted post is deleted.`);
    navigate('/wanted', { replace: true });
  }

  return (
    <article className="mx-auto flex w-full max-w-3xl flex-col gap-5">
      <p>
        <Link to="/wanted" className="link link-primary"><Trans>All Wanted posts</Trans></Link>
      </p>
      <h1 className="text-3xl font-bold break-words sm:text-4xl">{post.Title}</h1>
      {!post.Open && <p className="badge badge-outline font-semibold"><Trans>Expired</Trans></p>}
      {post.Hidden && (
        <p role="status" className="rounded-box border border-warning bg-warning/20 p-3">
          <strong><Trans>Hidden from other people.</Trans></strong> {post.Hidden.Reason}
        </p>
      )}
      {post.Details && <p className="text-lg break-words whitespace-pre-line">{post.Details}</p>}
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="font-semibold"><Trans>Within</Trans></dt>
        <dd>{t`${numberFormat().format(post.RadiusKm)} km of the area on the map`}</dd>
        {post.DistanceKm !== undefined && (
          <>
            <dt className="font-semibold"><Trans>Distance</Trans></dt>
            <dd>{aboutDistance(post.DistanceKm)}</dd>
          </>
        )}
        <dt className="font-semibold"><Trans>Open</Trans></dt>
        <dd>{untilWords(post)}</dd>
        <dt className="font-semibold"><Trans>Posted</Trans></dt>
        <dd>{formatWhen(post.CreatedAt)}</dd>
      </dl>
      <Suspense fallback={null}>
        <SpotMap
          location={post.Location}
          label={post.Location.Approximate ? t`Map: the person asking is somewhere in this area (within about 500 m).` : t`Map: the exact point you chose. Others see only the area around it.`}
        />
      </Suspense>
      <section aria-labelledby="poster-heading" className="flex items-center gap-4 rounded-box bg-base-200 p-4">
        <Avatar name={post.Poster.Name} src={post.Poster.Image} size={56} className="h-14 w-14 text-xl" />
        <div>
          <h2 id="poster-heading" className="text-sm font-semibold uppercase tracking-wide text-gray-700"><Trans>Asked by</Trans></h2>
          <p className="text-lg font-medium">{post.Poster.Name}</p>
          <SafetyActions type="wanted" targetId={post._id} label={post.Title} person={{ id: post.Poster._id, name: post.Poster.Name }} className="mt-1" />
        </div>
      </section>
      <section aria-labelledby="answers-heading" className="flex flex-col gap-2">
        <h2 id="answers-heading" className="text-xl font-semibold"><Trans>Listings that answered</Trans></h2>
        {post.Answers.length === 0 ? (
          <p><Trans>No listing has answered yet.</Trans></p>
        ) : (
          <ul className="flex flex-col gap-2">
            {post.Answers.map((a) => {
              const name = post.Poster.Name;
              const until = formatWhen(a.OfferedUntil);
              const answeredOn = formatWhen(a.AnsweredAt);
              return (
                <li key={a.FoodId} className="rounded-box border border-base-300 p-3">
                  <Link to={foodPath(a.FoodId)} className="link link-primary font-semibold break-words">{a.FoodName}</Link>
                  <p className="text-sm">
                    {t`Answered on ${answeredOn}; offered to ${name} first until ${until}.`}
                  </p>
                </li>
              );
            })}
          </ul>
        )}
      </section>
      {mine ? (
        <div>
          <button type="button" className="btn btn-outline" onClick={() => void deletePost()} disabled={remove.isPending}>
            <Trans>Delete this post</Trans>
          </button>
        </div>
      ) : !post.Open ? null : user ? (
        <AnswerWithListing post={post} user={user} />
      ) : (
        <p>
          <Link to="/login" state={{ from: pathname }} className="link link-primary"><Trans>Log in to answer with one of your listings</Trans></Link>
        </p>
      )}
    </article>
  );
}
