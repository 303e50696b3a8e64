/**
 * Account deletion (GDPR Art. 17), run
 * by Better Auth's `deleteUser.beforeDelete` as one transaction that ends with the
 * user row itself (Better Auth's own delete afterwards finds nothing left). Besides
 * what goes by ON DELETE CASCADE (sessions, sign-in methods, listings, requests,
 * the user's own notifications, preferences, uploads' uploader rows …), it removes
 * the rows that name the person elsewhere:
 * - mails still queued for their address, and mails and pushes queued for others
 *   that report their acts (outbox `actor_id`, ON DELETE CASCADE);
 * - other people's notifications they caused, which name them or quote their
 *   messages (`notifications.actor_id`);
 * - limit counters (`limit_counters`) whose key holds their address or id (`signin:<email>|…`,
 *   `signin-account:<email>`, `write:<id>` …);
 * - reset and verification tokens for them (`verifications` rows holding their id or address).
 */
import { eq, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { notifications } from '../notifications/schema.js';
import { outbox } from '../outbox/schema.js';
import { users, verifications } from '../db/schema/index.js';
import { limitCounters } from '../http/schema.js';

/** Deletes `user` and every trace above in one transaction. */
export async function eraseAccount(db: Database, user: { id: string; email: string }): Promise<void> {
  const email = user.email.toLowerCase();
  await db.transaction(async (tx) => {
    await tx.delete(outbox).where(sql`lower(${outbox.to}) = ${email}`);
    await tx.delete(notifications).where(eq(notifications.actorId, user.id));
    await tx
      .delete(limitCounters)
      .where(or(sql`position(${email} in lower(${limitCounters.key})) > 0`, sql`position(${user.id} in ${limitCounters.key}) > 0`));
    await tx
      .delete(verifications)
      .where(
        or(
          eq(verifications.value, user.id),
          sql`position(${user.id} in ${verifications.value}) > 0`,
          sql`position(${email} in lower(${verifications.identifier})) > 0`,
          sql`position(${email} in lower(${verifications.value})) > 0`,
        ),
      );
    await tx.delete(users).where(eq(users.id, user.id));
  });
}
