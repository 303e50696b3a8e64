/** Messages on the live streams (events/hub.ts): `event: message` to both parties of a conversation. */
import type { Database } from '../db/client.js';
import { sseFrame, type LiveFeed } from '../events/hub.js';
import { findMessage, toMessage } from './repository.js';

/** The message feed of the streams, reading through `db`. */
export function messageFeed(db: Database): LiveFeed {
  return {
    async forward(event, streamsOf) {
      if (event.kind !== 'message') return;
      const here = event.userIds.filter((u) => streamsOf(u).length);
      if (!here.length) return;
      const row = await findMessage(db, event.id);
      if (!row) return;
      for (const userId of here) for (const s of streamsOf(userId)) s.write(sseFrame('message', toMessage(row, s.userId)));
    },
  };
}
