import { ApiError } from '../../../lib/http.js';
import { Link } from '../../../lib/router.js';
import { usePageTitle } from '../../../lib/title.js';
import { ErrorPage } from '../../../ui/ErrorPage.js';
import { ErrorState } from '../../../ui/ErrorState.js';
import { Spinner } from '../../../ui/Spinner.js';
import { useModerationQueue } from '../api/safety.js';
import { ModerationGroupCard } from '../components/ModerationGroupCard.js';

/**
 * `/moderation` (issue 19): the open reports grouped by target, most reported
 * first, with their actions. The API answers 404 to everyone but moderators, and
 * so does this page: the 404 page, so the page's existence is not advertised.
 */
export default function ModerationPage() {
  const { data, isPending, isError, error, refetch } = useModerationQueue();
  const notFound = isError && error instanceof ApiError && error.status === 404;
  usePageTitle(notFound ? 'Page Not Found' : 'Moderation');
  if (notFound) return <ErrorPage />;
  if (isPending) return <Spinner fullPage />;
  if (isError) return <ErrorState message="Could not load the reports." onRetry={() => void refetch()} />;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">Moderation</h1>
        <Link to="/moderation/log" className="link link-primary">
          Audit log
        </Link>
      </div>
      {data.length === 0 ? <p>No open reports.</p> : data.map((g) => <ModerationGroupCard key={`${g.TargetType}:${g.TargetId}`} group={g} />)}
    </div>
  );
}
