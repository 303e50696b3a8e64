/**
 * The conversation of a request: its donor and its requester write to
 * each other while it is Pending and after it is Delivered. A cancelled request is
 * deleted (SPEC.md §4) and its conversation with it, so its id answers 404.
 */
import { asc, desc, eq } from 'drizzle-orm';
import type { Message } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { messages } from './schema.js';
import { requests, users } from '../db/schema/index.js';
import { BLOCKED_REFUSAL } from '../blocks/repository.js';
import { problem } from '../http/problem.js';
import { isBlockedBetween } from '../blocks/repository.js';
import type { Notifier } from '../notifications/notifier.js';

/** Most messages one conversation answers (the latest ones). */
export const CONVERSATION_LIMIT = 1000;

type RequestRow = typeof requests.$inferSelect;

/**
 * The request `requestId` if `userId` is its donor or requester.
 * @throws 404 unknown (or cancelled) request, 403 anyone else.
 */
export async function requireParty(db: Database, requestId: string, userId: string, lock = false): Promise<RequestRow> {
  const query = db.select().from(requests).where(eq(requests.id, requestId));
  const [row] = lock ? await query.for('share') : await query;
  if (!row) throw problem(404, 'No request has this id.');
  if (row.donorId !== userId && row.requesterId !== userId) {
    throw problem(403, 'Only the donor and the requester see this conversation.', { code: 'not_a_party' });
  }
  return row;
}

const messageColumns = {
  id: messages.id,
  requestId: messages.requestId,
  senderId: messages.senderId,
  body: messages.body,
  sentAt: messages.sentAt,
  hiddenAt: messages.hiddenAt,
  senderName: users.name,
  senderImage: users.image,
};

export type MessageRow = {
  id: string;
  requestId: string;
  senderId: string;
  body: string;
  sentAt: Date;
  hiddenAt: Date | null;
  senderName: string;
  senderImage: string | null;
};

/** What a message removed by a moderator shows instead of its text. */
export const REMOVED_MESSAGE = 'This message was removed by a moderator';

/** Maps a row to the API's `Message` as `viewerId` sees it; the sender's current name and photo. */
export function toMessage(row: MessageRow, viewerId: string): Message {
  return {
    _id: row.id,
    RequestId: row.requestId,
    Sender: { Name: row.senderName, Image: row.senderImage ?? '', _id: row.senderId },
    Mine: row.senderId === viewerId,
    Body: row.hiddenAt ? REMOVED_MESSAGE : row.body,
    SentAt: row.sentAt.toISOString(),
    ...(row.hiddenAt ? { Removed: true } : {}),
  };
}

/** The conversation of a request, oldest first (the latest `CONVERSATION_LIMIT`), for its donor or requester. */
export async function listMessages(db: Database, requestId: string, userId: string): Promise<MessageRow[]> {
  await requireParty(db, requestId, userId);
  const latest = await db
    .select(messageColumns)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.requestId, requestId))
    .orderBy(desc(messages.sentAt), desc(messages.id))
    .limit(CONVERSATION_LIMIT);
  return latest.reverse();
}

/** One message with its sender, or undefined (the live event reads it). */
export async function findMessage(db: Database, id: string): Promise<MessageRow | undefined> {
  const [row] = await db
    .select(messageColumns)
    .from(messages)
    .innerJoin(users, eq(users.id, messages.senderId))
    .where(eq(messages.id, id))
    .orderBy(asc(messages.sentAt));
  return row;
}

/**
 * Adds `body` (already trimmed, 1–2000 characters) from `senderId` to the conversation;
 * one transaction with the other party's notification, mail and the live events.
 * @throws 404 / 403 as `requireParty`.
 */
export async function sendMessage(db: Database, requestId: string, senderId: string, body: string, notifier: Notifier): Promise<string> {
  return db.transaction(async (tx) => {
    // A share lock: a concurrent cancel waits until the message is in, or the message sees it gone.
    const request = await requireParty(tx, requestId, senderId, true);
    if (await isBlockedBetween(tx, request.donorId, request.requesterId)) throw problem(409, BLOCKED_REFUSAL, { code: 'not_possible' });
    const [row] = await tx.insert(messages).values({ requestId, senderId, body }).returning({ id: messages.id });
    await notifier.messageCreated(tx, request, { id: row!.id, senderId, body });
    return row!.id;
  });
}
