import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { ErrorState } from '../../../ui/ErrorState.js';
import { Spinner } from '../../../ui/Spinner.js';
import { formatWhen } from '../../../lib/datetime.js';
import { usePageTitle } from '../../../lib/title.js';
import { useMarkRead, useNotifications } from '../api/notifications.js';

/**
 * Notifications (`/notifications`, login required): the newest first,
 * unread ones marked, each with a link to its page and 'Mark as read'; 'Mark all
 * as read' on top. New ones arrive live (LiveBell refreshes the list).
 */
export default function NotificationsPage() {
  usePageTitle(t`Notifications`);
  const { data, isPending, isError, refetch } = useNotifications();
  const markRead = useMarkRead();
  const unread = data?.filter((n) => !n.ReadAt).length ?? 0;

  return (
    <div className="mx-auto flex max-w-3xl flex-col gap-6">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-3xl font-bold sm:text-4xl"><Trans>Notifications</Trans></h1>
        <div className="flex flex-wrap gap-2">
          <Link to="/settings/notifications" className="btn btn-ghost btn-sm">
            <Trans>Notification settings</Trans>
          </Link>
          <button type="button" className="btn btn-outline btn-sm" disabled={unread === 0 || markRead.isPending} onClick={() => markRead.mutate({ all: true })}>
            <Trans>Mark all as read</Trans>
          </button>
        </div>
      </div>
      {isPending ? (
        <Spinner fullPage />
      ) : isError ? (
        <ErrorState message={t`Could not load your notifications.`} onRetry={() => void refetch()} />
      ) : data.length === 0 ? (
        <p className="py-12 text-center text-lg"><Trans>No notifications yet.</Trans></p>
      ) : (
        <ul className="flex flex-col gap-3">
          {data.map((n) => (
            <li key={n._id} className={`rounded-box border p-4 ${n.ReadAt ? 'border-base-200' : 'border-indigo-300 bg-indigo-50'}`}>
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <h2 className="font-semibold">
                    {!n.ReadAt && <span className="sr-only"><Trans>Unread:</Trans> </span>}
                    <Link to={n.Link} className="link link-hover" onClick={() => !n.ReadAt && markRead.mutate({ ids: [n._id] })}>
                      {n.Title}
                    </Link>
                  </h2>
                  <p className="break-words">{n.Body}</p>
                  <p className="text-sm text-base-content/70">{formatWhen(n.CreatedAt)}</p>
                </div>
                {!n.ReadAt && (
                  <button type="button" className="btn btn-ghost btn-sm" aria-label={t`Mark as read: ${n.Title}`} onClick={() => markRead.mutate({ ids: [n._id] })}>
                    <Trans>Mark as read</Trans>
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
