/**
 * The mail throttles of notifications (limits.ts): new-request mails per requester
 * and donor a day, and message mails per conversation and recipient. Each takes
 * its slot inside the event's transaction, so two concurrent events cannot both pass.
 */
import { and, eq, gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { messageMails, newRequestMails } from './schema.js';
import { MESSAGE_MAIL_GAP_MINUTES, NEW_REQUEST_MAILS_PER_DAY } from './limits.js';

/** The outbox drop key of a request's new-request mail and push: dropped when the request is cancelled or withdrawn. */
export const requestMailKey = (requestId: string) => `request:${requestId}`;

/** Takes one of the last 24 hours' `NEW_REQUEST_MAILS_PER_DAY` new-request slots of `requesterId` at `donorId`; false when none is left. */
export async function newRequestMailSlot(tx: Database, requesterId: string, donorId: string): Promise<boolean> {
  const [row] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(newRequestMails)
    .where(
      and(
        eq(newRequestMails.donorId, donorId),
        eq(newRequestMails.requesterId, requesterId),
        gt(newRequestMails.createdAt, sql`now() - interval '24 hours'`),
      ),
    );
  if ((row?.n ?? 0) >= NEW_REQUEST_MAILS_PER_DAY) return false;
  await tx.insert(newRequestMails).values({ requesterId, donorId });
  return true;
}

/**
 * Claims the message-mail slot of conversation `requestId` for `userId`: true when their
 * last message mail of it is at least `MESSAGE_MAIL_GAP_MINUTES` old (or there was none).
 */
export async function messageMailSlot(tx: Database, requestId: string, userId: string): Promise<boolean> {
  const slot = await tx
    .insert(messageMails)
    .values({ requestId, userId })
    .onConflictDoUpdate({
      target: [messageMails.requestId, messageMails.userId],
      set: { sentAt: sql`now()` },
      setWhere: sql`${messageMails.sentAt} <= now() - make_interval(mins => ${MESSAGE_MAIL_GAP_MINUTES})`,
    })
    .returning({ requestId: messageMails.requestId });
  return slot.length > 0;
}
