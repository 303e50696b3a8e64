/**
 * Moderators named by ADMIN_EMAILS (docs/configuration.md): such an account becomes a
 * moderator only once its address is proven — by the mailed verification link, a
 * password reset through the mailed link, or a Google sign-in whose ID token says the
 * address is verified (Better Auth sets `emailVerified` then). Until then it is a plain
 * user: anyone may sign up with an address they do not own. Each grant is in the
 * moderators' audit log, by Plateful itself.
 *
 * These moderators outrank the ones made by `MakeModerator`: only another of them can
 * ban one, remove their role or hide their content (moderation/actions.ts).
 */
import { eq } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { writeLog } from './audit.js';
import { isModeratorRole, ROLES } from '../auth/roles.js';

/** Reason of the audit entry of a grant by ADMIN_EMAILS. */
export const ADMIN_GRANT_REASON = 'Named by ADMIN_EMAILS; address verified.';

/** True when `user` is an ADMIN_EMAILS moderator: the address is listed (any case) and verified. */
export function isNamedAdmin(adminEmails: readonly string[], user: { email: string; emailVerified: boolean }): boolean {
  return user.emailVerified && adminEmails.includes(user.email.toLowerCase());
}

/**
 * Makes `userId` a moderator when ADMIN_EMAILS names their verified address and they are
 * not one yet; one transaction with the audit entry. Does nothing otherwise.
 * @returns whether the role was granted now.
 */
export async function grantAdminRole(db: Database, adminEmails: readonly string[], userId: string): Promise<boolean> {
  if (!adminEmails.length) return false;
  return db.transaction(async (tx) => {
    const [user] = await tx
      .select({ email: users.email, emailVerified: users.emailVerified, role: users.role })
      .from(users)
      .where(eq(users.id, userId))
      .for('update');
    if (!user || !isNamedAdmin(adminEmails, user) || isModeratorRole(user.role)) return false;
    await tx.update(users).set({ role: ROLES.moderator, updatedAt: new Date() }).where(eq(users.id, userId));
    await writeLog(tx, { actor: null, action: 'MakeModerator', targetType: 'user', targetId: userId, reason: ADMIN_GRANT_REASON });
    return true;
  });
}
