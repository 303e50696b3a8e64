/**
 * Notification rows: written in the transaction of the event that causes
 * them (with a live event on commit, events/bus.ts), listed newest first with a
 * keyset cursor, counted while unread and marked read.
 */
import { and, desc, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import type { MarkReadInput, Notification, NotificationType } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { notifications } from './schema.js';
import { publish } from '../events/bus.js';

export type NotificationRow = typeof notifications.$inferSelect;

/** What a new notification says; `link` is a path of the web app. */
export interface NewNotification {
  userId: string;
  type: NotificationType;
  title: string;
  body: string;
  link: string;
  /** Who caused it: an unread notification of the same type from the same actor is folded into. */
  actorId?: string;
  /** The id of a notification of the same user to fold into while it is unread (an alert's, alerts/notify.ts). */
  foldInto?: string;
}

/** Maps a row to the API's `Notification` (instants in ISO 8601 UTC). */
export function toNotification(row: NotificationRow): Notification {
  return {
    _id: row.id,
    Type: row.type,
    Title: row.title,
    Body: row.body,
    Link: row.link,
    CreatedAt: row.createdAt.toISOString(),
    ReadAt: row.readAt ? row.readAt.toISOString() : null,
  };
}

/**
 * Writes `n` through `tx` (the event's transaction) and announces it to its user on
 * commit; returns its id. With an `actorId`, an unread notification of the same
 * type from the same actor to the same user is updated instead (against a
 * notification flood: 60 requests and cancellations make two notifications, not
 * 120); so is the unread notification `foldInto` when given. The folded one takes the new
 * text, time and a new `seq`, so open streams get it again.
 */
export async function addNotification(tx: Database, { foldInto, ...n }: NewNotification): Promise<string> {
  if (n.actorId || foldInto) {
    const [folded] = await tx
      .update(notifications)
      .set({ title: n.title, body: n.body, link: n.link, createdAt: sql`now()`, seq: sql`plateful_next_event_seq()` })
      .where(
        and(
          eq(notifications.userId, n.userId),
          eq(notifications.type, n.type),
          foldInto ? eq(notifications.id, foldInto) : eq(notifications.actorId, n.actorId!),
          isNull(notifications.readAt),
        ),
      )
      .returning({ id: notifications.id });
    if (folded) {
      await publish(tx, { kind: 'notification', userId: n.userId, id: folded.id });
      return folded.id;
    }
  }
  const [row] = await tx.insert(notifications).values(n).returning({ id: notifications.id });
  await publish(tx, { kind: 'notification', userId: n.userId, id: row!.id });
  return row!.id;
}

/** `(created_at, id)` strictly before / after the notification `id` of the same user. */
function relativeTo(id: string, userId: string, direction: '<' | '>') {
  const pivot = sql`(select ${notifications.createdAt}, ${notifications.id} from ${notifications} where ${notifications.id} = ${id} and ${notifications.userId} = ${userId})`;
  return direction === '<'
    ? sql`(${notifications.createdAt}, ${notifications.id}) < ${pivot}`
    : sql`(${notifications.createdAt}, ${notifications.id}) > ${pivot}`;
}

/**
 * A user's notifications, newest first: `limit` rows after the notification `cursor`
 * (an id of a previous page), or from the newest. An unknown cursor gives no rows.
 */
export async function listNotifications(db: Database, userId: string, limit: number, cursor?: string): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), cursor ? relativeTo(cursor, userId, '<') : undefined))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(limit);
}

/** The `seq` of `userId`'s notification `id` (SSE `Last-Event-ID`), or undefined when it is not theirs. */
export async function seqOf(db: Database, userId: string, id: string): Promise<number | undefined> {
  const [row] = await db
    .select({ seq: notifications.seq })
    .from(notifications)
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)));
  return row?.seq;
}

/** The highest `seq` among `userId`'s notifications (0 when none): where a new stream starts. */
export async function latestSeq(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ seq: sql<string>`coalesce(max(${notifications.seq}), 0)` })
    .from(notifications)
    .where(eq(notifications.userId, userId));
  return Number(row?.seq ?? 0);
}

/**
 * A user's notifications committed after `seq` (commit order: a
 * transaction that committed late is not skipped), oldest first, at most `limit`.
 */
export async function notificationsAfterSeq(db: Database, userId: string, seq: number, limit = 100): Promise<NotificationRow[]> {
  return db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, userId), gt(notifications.seq, seq)))
    .orderBy(notifications.seq)
    .limit(limit);
}

/** One notification by id, or undefined. */
export async function findNotification(db: Database, id: string): Promise<NotificationRow | undefined> {
  const [row] = await db.select().from(notifications).where(eq(notifications.id, id));
  return row;
}

/** How many of a user's notifications are unread. */
export async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)));
  return row?.count ?? 0;
}

/**
 * Marks some (`ids`) or `all` of a user's unread notifications read; ids of other
 * users' or already read notifications are left alone. One transaction; the user's
 * open streams hear the new unread count on commit.
 */
export async function markRead(db: Database, userId: string, input: MarkReadInput) {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(notifications)
      .set({ readAt: sql`now()` })
      .where(
        and(
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
          'ids' in input ? inArray(notifications.id, input.ids) : undefined,
        ),
      )
      .returning({ id: notifications.id });
    if (changed.length > 0) await publish(tx, { kind: 'unread', userId });
    return { acknowledged: true as const, modifiedCount: changed.length };
  });
}
