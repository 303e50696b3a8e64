/**
 * Per-account flood limits (the numbers are `ACCOUNT_LIMITS` and
 * `NEW_ACCOUNT_OPEN_REQUESTS` in limits.ts). `limited` counts one event on each
 * counter before the write and gives the counts back when the write is refused,
 * so only what was created counts. Refusals are 429 problems with the real
 * `Retry-After` (the end of the counter's window).
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { OPEN_REQUEST_STATUSES } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { requests, users } from '../db/schema/index.js';
import { consume, NEW_ACCOUNT_OPEN_REQUESTS, refund, type Limit } from './limits.js';
import { problem } from './problem.js';

/** A named counter of one account: key `<name>:<userId>`. */
export interface AccountCounter {
  name: string;
  limit: Limit;
}

/**
 * Counts one event of `userId` on every counter, runs `write`, and refunds the
 * counts when `write` throws.
 * @throws 429 (with Retry-After) when a counter is past its limit; nothing is written then.
 */
export async function limited<T>(db: Database, userId: string, counters: AccountCounter[], detail: string, write: () => Promise<T>): Promise<T> {
  const taken: string[] = [];
  const giveBack = () => Promise.all(taken.map((k) => refund(db, k)));
  for (const c of counters) {
    const key = `${c.name}:${userId}`;
    const decision = await consume(db, key, c.limit);
    taken.push(key);
    if (!decision.allowed) {
      await giveBack();
      throw problem(429, detail, { retryAfter: decision.retryAfter, withMessage: true });
    }
  }
  try {
    return await write();
  } catch (e) {
    await giveBack();
    throw e;
  }
}

const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Refuses a new request while a new account (younger than the limit's days, with no
 * delivered hand-over on either side) already has the most open requests.
 * `Retry-After` is when the account comes of age.
 * @throws 429.
 */
export async function assertOpenRequestsAllowed(db: Database, userId: string, now = Date.now()): Promise<void> {
  const [user] = await db.select({ createdAt: users.createdAt }).from(users).where(eq(users.id, userId));
  if (!user) return;
  const ofAge = user.createdAt.getTime() + NEW_ACCOUNT_OPEN_REQUESTS.accountAgeDays * DAY_MS;
  if (ofAge <= now) return;
  const [open] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(requests)
    .where(and(eq(requests.requesterId, userId), inArray(requests.status, OPEN_REQUEST_STATUSES)));
  if ((open?.n ?? 0) < NEW_ACCOUNT_OPEN_REQUESTS.max) return;
  const [done] = await db
    .select({ id: requests.id })
    .from(requests)
    .where(and(eq(requests.status, 'Delivered'), or(eq(requests.requesterId, userId), eq(requests.donorId, userId))))
    .limit(1);
  if (done) return;
  throw problem(
    429,
    `New accounts may have at most ${NEW_ACCOUNT_OPEN_REQUESTS.max} open requests at once. Wait for an answer or cancel one.`,
    { retryAfter: Math.max(1, Math.ceil((ofAge - now) / 1000)), withMessage: true },
  );
}
