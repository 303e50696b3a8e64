/**
 * The signed-in user's bell and live updates, loaded lazily by the navbar only for
 * signed-in users so neither weighs on the home page. One `EventSource` on `/api/events`
 * per browser, shared by its tabs (`../api/liveEvents.ts`): `unread` sets the bell's
 * count, `notification` refreshes requests, listings and notifications (Manage Food and
 * My Food Request update without reload), `message` refreshes that conversation. After a reconnect or a takeover
 * by another tab, everything live is refreshed once.
 */
import { t } from '@lingui/core/macro';
import { unauthorized } from '../../../lib/sessionEvents.js';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'wouter';
import type { Message, UnreadCount } from '../../../../contract/index.js';
import { foodKeys } from '../../foods/api/keys.js';
import { messageKeys } from '../../messages/api/messages.js';
import { requestKeys } from '../../requests/api/keys.js';
import { notificationKeys } from '../api/keys.js';
import { subscribeLiveEvents } from '../api/liveEvents.js';
import { useUnreadCount } from '../api/notifications.js';
import '../../../ui/controls/indicator.css';

/** Keeps this tab's queries current from the browser's one live stream (`subscribeLiveEvents`). */
function useLiveEvents() {
  const qc = useQueryClient();
  useEffect(
    () =>
      subscribeLiveEvents((e) => {
        switch (e.type) {
          case 'open':
            if (!e.reconnected) return;
            void qc.invalidateQueries({ queryKey: requestKeys.all });
            void qc.invalidateQueries({ queryKey: messageKeys.all });
            void qc.invalidateQueries({ queryKey: notificationKeys.all });
            return;
          case 'unread':
            qc.setQueryData<UnreadCount>(notificationKeys.unread(), JSON.parse(e.data) as UnreadCount);
            return;
          case 'notification':
            void qc.invalidateQueries({ queryKey: notificationKeys.list() });
            void qc.invalidateQueries({ queryKey: requestKeys.all });
            void qc.invalidateQueries({ queryKey: [...foodKeys.all, 'mine'] });
            return;
          case 'message': {
            const message = JSON.parse(e.data) as Message;
            void qc.invalidateQueries({ queryKey: messageKeys.forRequest(message.RequestId) });
            return;
          }
          case 'closed':
            // An ended session (logout elsewhere, a ban) signs this tab out too, with a word.
            if (e.data && (JSON.parse(e.data) as { reason?: string }).reason === 'session-ended') unauthorized.emit();
            return;
        }
      }),
    [qc],
  );
}

/** The bell; rendered inside the app's query cache (app/SignedInControls.tsx puts it there, above the pages' `QueryBoundary`). */
export default function LiveBell() {
  useLiveEvents();
  const count = useUnreadCount().data?.count ?? 0;
  return (
    <Link to="/notifications" aria-label={t`Notifications, ${count} unread`} className="btn btn-ghost btn-circle btn-sm sm:btn-md">
      <span className="indicator">
        <svg xmlns="http://www.w3.org/2000/svg" className="h-6 w-6" fill="none" viewBox="0 0 24 24" stroke="currentColor" aria-hidden="true">
          <path
            strokeLinecap="round"
            strokeLinejoin="round"
            strokeWidth={2}
            d="M15 17h5l-1.4-1.4A2 2 0 0 1 18 14.2V11a6 6 0 1 0-12 0v3.2a2 2 0 0 1-.6 1.4L4 17h5m6 0v1a3 3 0 1 1-6 0v-1m6 0H9"
          />
        </svg>
        {count > 0 && (
          <span className="badge indicator-item badge-sm border-0 bg-indigo-700 text-white" aria-hidden="true">
            {count > 99 ? '99+' : count}
          </span>
        )}
      </span>
    </Link>
  );
}
