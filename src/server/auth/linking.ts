/**
 * Closes account pre-hijacking: someone may register a victim's
 * address with a password before the victim ever signs in with Google. When a
 * Google identity then joins an account whose address was never verified, the
 * earlier password and every session of that account are removed first, so only
 * the mailbox owner (the Google identity) holds the account afterwards.
 * Accounts whose address was verified (mail link or reset) keep their password.
 *
 * The takeover also resets what the earlier holder shaped: the profile
 * becomes the Google identity's name and picture, email preferences go back to
 * the defaults, push subscriptions end, and the account's listings and requests
 * are held (hidden from others) until the owner keeps or deletes them
 * (`account/held.ts`, a notice on the owner's first visit).
 */
import { and, eq, ne, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/client.js';
import { accounts, foods, requests, sessions, users } from '../db/schema/index.js';
import { emailPreferences } from '../email-preferences/schema.js';
import { pushSubscriptions } from '../push/schema.js';

/**
 * Runs before an account row of `providerId` is created for `userId` (Better Auth
 * `databaseHooks.account.create.before`). For an external identity joining an
 * unverified user: deletes the user's other credentials and all its sessions.
 * A brand-new user has neither, so its first Google sign-in is untouched.
 */
export async function beforeIdentityLinked(
  db: Database,
  log: FastifyBaseLogger,
  account: { userId: string; providerId: string; idToken?: string | null },
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
    const profile = identityProfile(account.idToken);
    if (profile) await tx.update(users).set({ name: profile.name, image: profile.image }).where(eq(users.id, account.userId));
    await tx.delete(emailPreferences).where(eq(emailPreferences.userId, account.userId));
    await tx.delete(pushSubscriptions).where(eq(pushSubscriptions.userId, account.userId));
    const heldFoods = await tx.update(foods).set({ heldAt: sql`now()` }).where(eq(foods.donorId, account.userId)).returning({ id: foods.id });
    const heldRequests = await tx
      .update(requests)
      .set({ heldAt: sql`now()` })
      .where(eq(requests.requesterId, account.userId))
      .returning({ id: requests.id });
    if (removed.length || ended.length || heldFoods.length || heldRequests.length) {
      log.warn(
        {
          userId: account.userId,
          provider: account.providerId,
          removedCredentials: removed.map((r) => r.providerId),
          endedSessions: ended.length,
          heldFoods: heldFoods.length,
          heldRequests: heldRequests.length,
        },
        'identity linked to an unverified account: earlier credentials and sessions removed',
      );
    }
  });
}

/**
 * The display name and picture in an ID token that Better Auth has already
 * verified (`requireIdTokenVerification`), mapped as `auth.ts` maps a new Google
 * user (SPEC.md §3 User: displayName ← name, photoURL ← picture); null without a token.
 */
export function identityProfile(idToken: string | null | undefined): { name: string; image: string | null } | null {
  const payload = idToken?.split('.')[1];
  if (!payload) return null;
  try {
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { name?: unknown; email?: unknown; picture?: unknown };
    const email = typeof claims.email === 'string' ? claims.email : '';
    const name = typeof claims.name === 'string' && claims.name.trim() ? claims.name : email.split('@')[0] || 'Plateful user';
    return { name, image: typeof claims.picture === 'string' ? claims.picture : null };
  } catch {
    return null;
  }
}
