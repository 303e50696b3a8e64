/**
 * Web Push data: subscriptions (one per device), the per-kind push
 * switches, and `enqueuePushes`, which the notifier calls inside an event's
 * transaction to put one outbox row per device of the recipient.
 */
import { and, desc, eq, notInArray, sql } from 'drizzle-orm';
import type { EmailPreferenceKey, PushPayload, PushPreferences, PushSubscriptionInput } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { pushPreferences, pushSubscriptions } from './schema.js';
import { users } from '../db/schema/index.js';
import { type PushJob } from '../outbox/schema.js';
import { consume, type Limit } from '../http/limits.js';
import { enqueuePush, type EnqueueOptions } from '../outbox/outbox.js';

const KEYS: EmailPreferenceKey[] = ['NewRequests', 'RequestUpdates', 'Messages'];

/** Devices one account may have push to at once; an eleventh subscription drops the oldest (one event, at most this many POSTs). */
export const MAX_SUBSCRIPTIONS = 10;

/**
 * Pushes one person may cause to one recipient in 24 hours, whatever their kind (a
 * message, a request update…): the push counterpart of the mails' per-sender caps
 * (notifications/throttles.ts), counted in `limit_counters` under `push:<actor>:<recipient>`.
 */
export const PUSHES_PER_SENDER_PER_DAY: Limit = { max: 30, windowSeconds: 24 * 60 * 60 };

/** The `limit_counters` key of the pushes `actorId` causes to `userId`. */
export const pushCounterKey = (actorId: string, userId: string) => `push:${actorId}:${userId}`;

/**
 * Stores `sub` for `userId`; an endpoint already known (the same device, perhaps
 * signed in as someone else before) is moved to this user with its new keys. Keeps
 * the newest `MAX_SUBSCRIPTIONS` of the user: one transaction, the user's row locked,
 * so concurrent subscriptions cannot overshoot.
 * @returns the row id.
 */
export async function saveSubscription(db: Database, userId: string, sub: PushSubscriptionInput): Promise<string> {
  const values = { userId, endpoint: sub.endpoint, p256dh: sub.keys.p256dh, auth: sub.keys.auth };
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [row] = await tx
      .insert(pushSubscriptions)
      .values(values)
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...values, createdAt: sql`now()` } })
      .returning({ id: pushSubscriptions.id });
    const kept = tx
      .select({ id: pushSubscriptions.id })
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.userId, userId))
      .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
      .limit(MAX_SUBSCRIPTIONS);
    await tx.delete(pushSubscriptions).where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, kept)));
    return row!.id;
  });
}

/** Deletes `userId`'s subscription with `endpoint`; returns how many rows went (0 or 1). */
export async function deleteSubscription(db: Database, userId: string, endpoint: string): Promise<number> {
  const gone = await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)))
    .returning({ id: pushSubscriptions.id });
  return gone.length;
}

/** The subscription row `id`, or undefined (deleted since its push was queued). */
export async function findSubscription(db: Database, id: string) {
  const [row] = await db.select().from(pushSubscriptions).where(eq(pushSubscriptions.id, id));
  return row;
}

/** Forgets subscription `id` (its push service answered 404 or 410: the browser dropped it). */
export async function forgetSubscription(db: Database, id: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, id));
}

/** The push switches of `userId` (every kind on until changed). */
export async function getPushPreferences(db: Database, userId: string): Promise<PushPreferences> {
  const [row] = await db.select().from(pushPreferences).where(eq(pushPreferences.userId, userId));
  return Object.fromEntries(KEYS.map((k) => [k, row?.prefs[k] ?? true])) as PushPreferences;
}

/** Stores `prefs` for `userId` (one upsert); returns whether a value changed. */
export async function setPushPreferences(db: Database, userId: string, prefs: PushPreferences): Promise<boolean> {
  const before = await getPushPreferences(db, userId);
  await db
    .insert(pushPreferences)
    .values({ userId, prefs })
    .onConflictDoUpdate({ target: pushPreferences.userId, set: { prefs, updatedAt: new Date() } });
  return KEYS.some((k) => before[k] !== prefs[k]);
}

/** When a queued push goes and what may cancel it, and whose act it reports (the outbox's options). */
export type PushQueueOptions = Pick<EnqueueOptions, 'delayMs' | 'dropKey' | 'actorId'>;

/**
 * Queues `payload` for every device of `userId` when their switch `key` is on (null: the
 * caller's own switch allowed it, e.g. an alert's `Push`),
 * through `tx` (the event's transaction), so pushes leave only after it commits.
 * `ttl` (seconds) and `urgency` go to the push service (RFC 8030 §5.2, §5.3). A push
 * caused by `queue.actorId` counts against `PUSHES_PER_SENDER_PER_DAY` for that pair;
 * past it nothing is queued (the in-app notification still comes).
 */
export async function enqueuePushes(
  tx: Database,
  userId: string,
  key: EmailPreferenceKey | null,
  payload: PushPayload,
  delivery: Pick<PushJob, 'ttl' | 'urgency'>,
  queue: PushQueueOptions = {},
): Promise<void> {
  const devices = await tx.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, userId));
  if (devices.length === 0 || (key !== null && !(await getPushPreferences(tx, userId))[key])) return;
  if (queue.actorId && !(await consume(tx, pushCounterKey(queue.actorId, userId), PUSHES_PER_SENDER_PER_DAY)).allowed) return;
  for (const d of devices) {
    await enqueuePush(tx, {
      endpoint: d.endpoint,
      title: payload.Title,
      body: payload.Body,
      job: { subscriptionId: d.id, ...delivery, link: payload.Link, tag: payload.Tag },
    }, queue);
  }
}
