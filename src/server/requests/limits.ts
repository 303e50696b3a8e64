/**
 * Request limits: requests per day of one account (counted by http/limits.ts
 * `limited`) and the open requests a new account may hold at once.
 */
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { OPEN_REQUEST_STATUSES } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { requests, users } from '../db/schema/index.js';
import type { AccountCounter } from '../http/limits.js';
import { problem } from '../http/problem.js';

/** New requests one account may make a day (key `requests:<userId>`); past it a 429 with the window's `Retry-After`. */
export const REQUESTS_PER_DAY = { max: 30, windowSeconds: 24 * 60 * 60 } as const;

/** The counters of a new request. */
export const REQUEST_COUNTERS: AccountCounter[] = [{ name: 'requests', limit: REQUESTS_PER_DAY }];

/**
 * Open (Pending or Accepted) requests at once for a new account: younger
 * than `accountAgeDays` and no completed hand-over yet, on either side.
 */
export const NEW_ACCOUNT_OPEN_REQUESTS = { max: 15, accountAgeDays: 7 } as const;

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
