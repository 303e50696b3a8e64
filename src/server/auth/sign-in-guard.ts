/**
 * Limits on password guessing at `POST /api/auth/sign-in/email`,
 * with counters of `http/limits.ts` (the numbers in limits.ts) keyed on the client (`clientKey`: IPv6 by /64):
 * - per account and client (`signin:<email>|<client>`) and per client (`signin-ip:<client>`);
 * - per account from every client it never signed in from (`signin-account:<email>`,
 *   {@link SIGN_IN_ACCOUNT_LIMIT}): past it that account signs in only through a
 *   password-reset link (a reset clears the count), and its owner is mailed once.
 * Only wrong credentials (401) count. The clients an account signed in from are
 * recorded in `sign_in_addresses` by {@link recordSignIn} (every new session).
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { signInAddresses, users } from '../db/schema/index.js';
import { limitCounters } from '../http/schema.js';
import { clientKey, consume, refund, type Limit } from '../http/limits.js';
import { SIGN_IN_ACCOUNT_LIMIT, SIGN_IN_ADDRESS_LIMIT, SIGN_IN_PAIR_LIMIT } from './limits.js';
import { enqueueMail } from '../outbox/outbox.js';
import { accountLockedMail } from './lock-mail.js';
import { recipientLocale } from '../i18n/negotiate.js';

/** Why a sign-in is refused before the password is checked: a 429 with this wait and text. */
export interface SignInRefusal {
  retryAfter: number;
  detail: string;
}

/** The outcome of {@link guardSignIn}: a refusal, or `settle` to call with the answer's status. */
export type SignInGuard = { refused: SignInRefusal } | { refused: null; settle(status: number): Promise<void> };

/** Detail of the 429 once an account has too many failed sign-ins. */
export const ACCOUNT_LOCKED =
  'Too many failed sign-ins on this account. Reset your password with “Forgot password?” to sign in.';

const accountKey = (email: string) => `signin-account:${email}`;

/** The email a sign-in body names, trimmed and lower-cased, or null. */
function emailOf(body: unknown): string | null {
  const email = (body as { email?: unknown } | null | undefined)?.email;
  return typeof email === 'string' && email.trim() ? email.trim().toLowerCase().slice(0, 254) : null;
}

/** The user of `email` and whether they signed in from `client` before; null for no such user. */
async function lookUp(db: Database, email: string, client: string) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email, known: sql<boolean>`${signInAddresses.userId} is not null` })
    .from(users)
    .leftJoin(signInAddresses, and(eq(signInAddresses.userId, users.id), eq(signInAddresses.address, client)))
    .where(eq(users.email, email));
  return row ?? null;
}

/**
 * Counts a password sign-in of `body` from `ip` against the limits above; refuses
 * it when one is spent. `settle(status)` gives the counts back unless the answer
 * was a 401, and mails the owner when this failure spent the account's limit.
 * @param publicUrl where the mail's reset link points.
 */
export async function guardSignIn(db: Database, body: unknown, ip: string, publicUrl: string): Promise<SignInGuard> {
  const email = emailOf(body);
  if (!email) return { refused: null, settle: async () => {} };
  const client = clientKey(ip);
  const counters: Array<{ key: string; limit: Limit }> = [
    { key: `signin:${email}|${client}`, limit: SIGN_IN_PAIR_LIMIT },
    { key: `signin-ip:${client}`, limit: SIGN_IN_ADDRESS_LIMIT },
  ];
  for (const { key, limit } of counters) {
    const decision = await consume(db, key, limit);
    if (!decision.allowed) return { refused: { retryAfter: decision.retryAfter, detail: 'Too many sign-in attempts. Please try again later.' } };
  }
  const user = await lookUp(db, email, client);
  let spentAccount = false;
  if (user && !user.known) {
    const decision = await consume(db, accountKey(email), SIGN_IN_ACCOUNT_LIMIT);
    if (!decision.allowed) return { refused: { retryAfter: decision.retryAfter, detail: ACCOUNT_LOCKED } };
    counters.push({ key: accountKey(email), limit: SIGN_IN_ACCOUNT_LIMIT });
    spentAccount = decision.count === SIGN_IN_ACCOUNT_LIMIT.max;
  }
  return {
    refused: null,
    async settle(status) {
      if (status !== 401) {
        for (const { key } of counters) await refund(db, key);
      } else if (spentAccount && user) {
        const locale = await recipientLocale(db, user.id);
        await enqueueMail(db, accountLockedMail(user.email, user.name, `${publicUrl}/forgot-password`, SIGN_IN_ACCOUNT_LIMIT.max, locale));
      }
    },
  };
}

/**
 * Records that `userId` signed in from `ip` (as its `clientKey`); called for every
 * new session (Better Auth `databaseHooks.session.create.after`).
 */
export async function recordSignIn(db: Database, userId: string, ip: string | null | undefined): Promise<void> {
  if (!ip) return;
  await db
    .insert(signInAddresses)
    .values({ userId, address: clientKey(ip) })
    .onConflictDoUpdate({ target: [signInAddresses.userId, signInAddresses.address], set: { lastSeenAt: sql`now()` } });
}

/** Clears the account's failed-sign-in count (after a password reset: the owner holds the mailbox). */
export async function clearAccountLock(db: Pick<Database, 'delete'>, email: string): Promise<void> {
  await db.delete(limitCounters).where(eq(limitCounters.key, accountKey(email.toLowerCase())));
}
