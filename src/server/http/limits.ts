/**
 * The database-backed counter that enforces Plateful's own limits (DESIGN.md
 * "The API": 429 too many requests) and the 429 answer. Counters live in our
 * `limit_counters` table (schema.ts), so every server process on one database shares
 * them (DESIGN.md "Stateless server"). A counter of our own rather than
 * `@fastify/rate-limit`: some limits count inside a write's transaction with no HTTP
 * request, and some give a count back (`refund`), which that plugin cannot
 * (docs/architecture.md "Hand-made parts"). The limits themselves live
 * with their features (`auth/limits.ts`, `foods/limits.ts`, …); this folder keeps
 * only the writes limit of every signed-in user (write-limit.ts).
 */
import { lt, sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/client.js';
import { problem, sendProblem } from './problem.js';
import { rowsOf } from '../db/rows.js';
import { limitCounters } from './schema.js';

/** A fixed-window limit: at most `max` events per `windowSeconds`. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

/**
 * The client a limit counts: an IPv4 address as itself (IPv4-mapped
 * IPv6 too), an IPv6 address by its /64 network (`2001:db8:1:2::/64`), since one
 * subscriber usually holds a whole /64. Parsing by `ipaddr.js`; anything
 * unparsable is returned unchanged.
 */
export function clientKey(ip: string): string {
  if (!ipaddr.isValid(ip)) return ip;
  const parsed = ipaddr.process(ip);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const parts = (parsed as ipaddr.IPv6).parts.slice(0, 4).map((p) => p.toString(16));
  return `${parts.join(':')}::/64`;
}

/** POST/PUT/PATCH/DELETE on `/api/foods` and `/api/requests`, per signed-in user (key `write:<userId>`). */
export const WRITE_LIMIT: Limit = { max: 120, windowSeconds: 60 };

/** Outcome of one `consume`: `retryAfter` (whole seconds ≥ 1) is set when refused. */
export interface LimitDecision {
  allowed: boolean;
  count: number;
  retryAfter: number;
}

/**
 * Counts one event against `key` and says whether it is within `limit`; one
 * atomic upsert, so concurrent requests on any number of processes cannot
 * overshoot. Fixed windows: the first event opens a window of `windowSeconds`.
 */
export async function consume(db: Database, key: string, limit: Limit, now = Date.now()): Promise<LimitDecision> {
  const end = now + limit.windowSeconds * 1000;
  const result = await db.execute(sql`
    insert into limit_counters (key, count, window_end) values (${key}, 1, ${end})
    on conflict (key) do update set
      count = case when limit_counters.window_end <= ${now} then 1 else limit_counters.count + 1 end,
      window_end = case when limit_counters.window_end <= ${now} then ${end} else limit_counters.window_end end
    returning count, window_end`);
  const row = rowsOf(result)[0]!;
  const count = Number(row.count);
  const retryAfter = Math.max(1, Math.ceil((Number(row.window_end) - now) / 1000));
  return { allowed: count <= limit.max, count, retryAfter };
}

/** Gives back one event counted by `consume` (e.g. a sign-in that succeeded). */
export async function refund(db: Database, key: string, now = Date.now()): Promise<void> {
  await db.execute(
    sql`update limit_counters set count = greatest(count - 1, 0) where key = ${key} and window_end > ${now}`,
  );
}

/** Deletes the counters whose window ended before `now` (epoch ms); run by the lifecycle sweep. Returns how many. */
export async function pruneCounters(db: Database, now = Date.now()): Promise<number> {
  return (await db.delete(limitCounters).where(lt(limitCounters.windowEnd, now)).returning({ key: limitCounters.key })).length;
}

/**
 * Sends the 429 problem document with `Retry-After` (RFC 9110 §10.2.3). The
 * `message` member repeats `detail` for clients written for Better Auth's errors.
 */
export function sendTooMany(reply: FastifyReply, retryAfter: number, detail: string): FastifyReply {
  return sendProblem(reply, 429, detail, { retryAfter, withMessage: true });
}

/** A named counter of one account: key `<name>:<userId>`. */
export interface AccountCounter {
  name: string;
  limit: Limit;
}

/**
 * Counts one event of `userId` on every counter, runs `write`, and refunds the
 * counts when `write` throws (or a counter refuses), so only what was created counts.
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
