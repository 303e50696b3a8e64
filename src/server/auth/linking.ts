/**
 * Closes account pre-hijacking (issue 13): someone may register a victim's
 * address with a password before the victim ever signs in with Google. When a
 * Google identity then joins an account whose address was never verified, the
 * earlier password and every session of that account are removed first, so only
 * the mailbox owner (the Google identity) holds the account afterwards.
 * Accounts whose address was verified (mail link or reset) keep their password.
 */
import { and, eq, ne } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { accounts, sessions, users } from '../db/schema/index.js';

/**
 * Runs before an account row of `providerId` is created for `userId` (Better Auth
 * `databaseHooks.account.create.before`). For an external identity joining an
 * unverified user: deletes the user's other credentials and all its sessions.
 * A brand-new user has neither, so its first Google sign-in is untouched.
 */
export async function beforeIdentityLinked(
  db: Database,
  log: FastifyBaseLogger,
  account: { userId: string; providerId: string },
): Promise<void> {
  if (account.providerId === 'credential') return;
  await db.transaction(async (tx) => {
    const [user] = await tx.select({ verified: users.emailVerified }).from(users).where(eq(users.id, account.userId)).for('update');
    if (!user || user.verified) return;
    const removed = await tx
      .delete(accounts)
      .where(and(eq(accounts.userId, account.userId), ne(accounts.providerId, account.providerId)))
      .returning({ providerId: accounts.providerId });
    const ended = await tx.delete(sessions).where(eq(sessions.userId, account.userId)).returning({ id: sessions.id });
    if (removed.length || ended.length) {
      log.warn(
        { userId: account.userId, provider: account.providerId, removedCredentials: removed.map((r) => r.providerId), endedSessions: ended.length },
        'identity linked to an unverified account: earlier credentials and sessions removed',
      );
    }
  });
}
