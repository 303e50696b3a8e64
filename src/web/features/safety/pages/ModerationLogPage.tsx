import { formatDateTime } from '../../../lib/datetime.js';
import { ApiError } from '../../../lib/http.js';
import { Link } from '../../../lib/router.js';
import { usePageTitle } from '../../../lib/title.js';
import { ErrorPage } from '../../../ui/ErrorPage.js';
import { ErrorState } from '../../../ui/ErrorState.js';
import { Spinner } from '../../../ui/Spinner.js';
import { useModerationLog } from '../api/safety.js';

/** `/moderation/log` (issue 19): every moderator action, newest first; the 404 page for everyone but moderators. */
export default function ModerationLogPage() {
  const { data, isPending, isError, error, refetch } = useModerationLog();
  const notFound = isError && error instanceof ApiError && error.status === 404;
  usePageTitle(notFound ? 'Page Not Found' : 'Moderation log');
  if (notFound) return <ErrorPage />;
  if (isPending) return <Spinner fullPage />;
  if (isError) return <ErrorState message="Could not load the log." onRetry={() => void refetch()} />;
  return (
    <div className="mx-auto flex w-full max-w-5xl flex-col gap-6">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h1 className="text-3xl font-bold">Moderation log</h1>
        <Link to="/moderation" className="link link-primary">
          Open reports
        </Link>
      </div>
      {data.length === 0 ? (
        <p>No actions yet.</p>
      ) : (
        <div className="overflow-x-auto" tabIndex={0} role="region" aria-label="Moderation log">
          <table className="table">
            <thead>
              <tr>
                <th scope="col">When</th>
                <th scope="col">Who</th>
                <th scope="col">Action</th>
                <th scope="col">Target</th>
                <th scope="col">Why</th>
              </tr>
            </thead>
            <tbody>
              {data.map((e) => (
                <tr key={e._id}>
                  <td>
                    <time dateTime={e.At}>{formatDateTime(e.At)}</time>
                  </td>
                  <td>{e.Actor?.Name ?? 'Plateful (automatic)'}</td>
                  <td>
                    {e.Action}
                    {e.Action === 'Ban' ? (e.Days ? ` ${e.Days} d` : ' for good') : ''}
                  </td>
                  <td className="break-all">
                    {e.TargetType} {e.TargetId}
                  </td>
                  <td className="break-words">{e.Reason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
