/**
 * Abuse limits in one place (DESIGN.md "Identity": sign-in and sign-up are rate
 * limited; "The API": 429 too many requests), and the database-backed counter
 * that enforces Plateful's own limits. Counters live in the `rate_limits` table
 * beside Better Auth's, so every server process on one database shares them
 * (DESIGN.md "Stateless server").
 *
 * Defaults are generous enough for the browser tests, which register and sign in
 * a handful of users from one address within a minute.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import ipaddr from 'ipaddr.js';
import type { FastifyReply } from 'fastify';
import type { Database } from '../db/client.js';
import { sendProblem } from './problem.js';
import { rowsOf } from '../db/rows.js';

/** A fixed-window limit: at most `max` events per `windowSeconds`. */
export interface Limit {
  max: number;
  windowSeconds: number;
}

/** Better Auth's per-IP limits (its `rateLimit` option, keyed on `x-forwarded-for` = req.ip, which TRUST_PROXY decides). */
export const AUTH_IP_LIMITS = {
  /** Every other `/api/auth/*` call. */
  default: { max: 200, windowSeconds: 60 },
  signIn: { max: 30, windowSeconds: 60 },
  signUp: { max: 30, windowSeconds: 60 },
  passwordReset: { max: 5, windowSeconds: 60 },
} as const satisfies Record<string, Limit>;

/**
 * Failed email sign-ins per account *and* address (key `signin:<email>|<ip>`):
 * stops password guessing without letting an attacker lock the owner out, who
 * signs in from another address.
 */
export const SIGN_IN_PAIR_LIMIT: Limit = { max: 10, windowSeconds: 15 * 60 };

/**
 * Failed email sign-ins per address, whatever the account (key `signin-ip:<ip>`):
 * one address cannot walk through many accounts.
 */
export const SIGN_IN_ADDRESS_LIMIT: Limit = { max: 50, windowSeconds: 15 * 60 };

/**
 * Failed email sign-ins per account from every address it never signed in from
 * (key `signin-account:<email>`): past it the account signs in only
 * through a password-reset link (which clears the count), and its owner is told
 * by mail once. Addresses the account signed in from before are not counted.
 */
export const SIGN_IN_ACCOUNT_LIMIT: Limit = { max: 100, windowSeconds: 24 * 60 * 60 };

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

/**
 * Photo uploads per signed-in user (key `upload:<userId>`): processing a
 * large photo costs about a CPU-second, so one account buys at most 60 an hour.
 */
export const UPLOAD_LIMIT: Limit = { max: 60, windowSeconds: 60 * 60 };

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
 *
 * Our rows keep the window's *end* (epoch ms) in `last_request`: Better Auth
 * prunes rows whose `last_request` is older than its own longest window, which
 * then only ever removes windows that have already ended.
 */
export async function consume(db: Database, key: string, limit: Limit, now = Date.now()): Promise<LimitDecision> {
  const end = now + limit.windowSeconds * 1000;
  const result = await db.execute(sql`
    insert into rate_limits (id, key, count, last_request) values (${randomUUID()}, ${key}, 1, ${end})
    on conflict (key) do update set
      count = case when rate_limits.last_request <= ${now} then 1 else rate_limits.count + 1 end,
      last_request = case when rate_limits.last_request <= ${now} then ${end} else rate_limits.last_request end
    returning count, last_request`);
  const row = rowsOf(result)[0]!;
  const count = Number(row.count);
  const retryAfter = Math.max(1, Math.ceil((Number(row.last_request) - now) / 1000));
  return { allowed: count <= limit.max, count, retryAfter };
}

/** Gives back one event counted by `consume` (e.g. a sign-in that succeeded). */
export async function refund(db: Database, key: string, now = Date.now()): Promise<void> {
  await db.execute(
    sql`update rate_limits set count = greatest(count - 1, 0) where key = ${key} and last_request > ${now}`,
  );
}

/**
 * Sends the 429 problem document with `Retry-After` (RFC 9110 §10.2.3). The
 * `message` member repeats `detail` for clients written for Better Auth's errors.
 */
export function sendTooMany(reply: FastifyReply, retryAfter: number, detail: string): FastifyReply {
  return sendProblem(reply, 429, detail, { retryAfter, withMessage: true });
}

/** `GET /api/places` and `/api/places/reverse`, per address (key `places:<ip>`). */
export const PLACES_LIMIT: Limit = { max: 60, windowSeconds: 60 };

/**
 * Per-account flood limits, each counted in `rate_limits` under
 * `<name>:<userId>`: new listings, new requests, messages per minute and per day,
 * reports per hour and per day.
 * Refusals are 429 problems with the window's real `Retry-After`.
 */
export const ACCOUNT_LIMITS = {
  listingsPerDay: { max: 30, windowSeconds: 24 * 60 * 60 },
  requestsPerDay: { max: 30, windowSeconds: 24 * 60 * 60 },
  messagesPerMinute: { max: 20, windowSeconds: 60 },
  messagesPerDay: { max: 300, windowSeconds: 24 * 60 * 60 },
  reportsPerHour: { max: 10, windowSeconds: 60 * 60 },
  reportsPerDay: { max: 30, windowSeconds: 24 * 60 * 60 },
} as const satisfies Record<string, Limit>;

/**
 * Open (Pending or Accepted) requests at once for a new account: younger
 * than `accountAgeDays` and no completed hand-over yet, on either side.
 */
export const NEW_ACCOUNT_OPEN_REQUESTS = { max: 15, accountAgeDays: 7 } as const;

/** Distinct verified accounts whose open reports hide a listing until a moderator reviews it. */
export const REPORTS_TO_AUTO_HIDE = 3;

/** Negative feedbacks from distinct people within `days` that put a person on the moderation queue. */
export const NEGATIVE_FEEDBACK_TO_QUEUE = { count: 3, days: 30 } as const;
