/**
 * Notifications on the live streams (events/hub.ts): `event: notification`
 * (with `id:` so `Last-Event-ID` resumes) followed by `event: unread`. Every
 * stream remembers the `seq` of the last notification it got (commit order,
 * notifications schema), so a stream that opens, or whose process lost its
 * LISTEN connection, is sent what was committed meanwhile, and none twice.
 */
import { Id } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { sseFrame, type ReplayFeed } from '../events/hub.js';
import { findNotification, latestSeq, notificationsAfterSeq, seqOf, toNotification, unreadCount } from './repository.js';

/** The notification feed of the streams, reading through `db`. */
export function notificationFeed(db: Database): ReplayFeed {
  return {
    async startSeq(userId, lastEventId) {
      const last = Id.safeParse(lastEventId);
      return (last.success ? await seqOf(db, userId, last.data) : undefined) ?? (await latestSeq(db, userId));
    },

    async catchUp(stream) {
      for (const row of await notificationsAfterSeq(db, stream.userId, stream.lastSeq)) {
        stream.write(sseFrame('notification', toNotification(row), row.id));
        stream.lastSeq = Math.max(stream.lastSeq, row.seq);
      }
      stream.write(sseFrame('unread', { count: await unreadCount(db, stream.userId) }));
    },

    async forward(event, allStreamsOf) {
      if (event.kind !== 'notification' && event.kind !== 'unread') return;
      // A stream still waiting for its catch-up gets this event there, in order.
      const streamsOf = (userId: string) => allStreamsOf(userId).filter((s) => s.caughtUp);
      if (!streamsOf(event.userId).length) return;
      if (event.kind === 'notification') {
        const row = await findNotification(db, event.id);
        if (row) {
          // A stream that got this one already (by replay) is not sent it twice.
          for (const s of streamsOf(event.userId)) {
            if (row.seq <= s.lastSeq) continue;
            s.lastSeq = row.seq;
            s.write(sseFrame('notification', toNotification(row), row.id));
          }
        }
      }
      const count = await unreadCount(db, event.userId);
      for (const s of streamsOf(event.userId)) s.write(sseFrame('unread', { count }));
    },
  };
}
