/** Email preferences: which mails a user gets; without a row, all of them. */
import { eq } from 'drizzle-orm';
import type { EmailPreferenceKey, EmailPreferences } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { emailPreferences } from './schema.js';

const DEFAULTS: EmailPreferences = { NewRequests: true, RequestUpdates: true, Messages: true };

/** The preferences of `userId` (defaults when never set). */
export async function getPreferences(db: Database, userId: string): Promise<EmailPreferences> {
  const [row] = await db.select().from(emailPreferences).where(eq(emailPreferences.userId, userId));
  if (!row) return { ...DEFAULTS };
  return { NewRequests: row.newRequests, RequestUpdates: row.requestUpdates, Messages: row.messages };
}

/** True when `userId` wants mails of kind `key`. */
export async function wantsMail(db: Database, userId: string, key: EmailPreferenceKey): Promise<boolean> {
  return (await getPreferences(db, userId))[key];
}

/**
 * Stores the changed fields of `prefs` for `userId` (one statement, an upsert).
 * @returns whether any stored value changed.
 */
export async function setPreferences(db: Database, userId: string, prefs: Partial<EmailPreferences>): Promise<boolean> {
  const before = await getPreferences(db, userId);
  const next = { ...before, ...prefs };
  const values = { newRequests: next.NewRequests, requestUpdates: next.RequestUpdates, messages: next.Messages };
  await db
    .insert(emailPreferences)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: emailPreferences.userId, set: { ...values, updatedAt: new Date() } });
  return (Object.keys(next) as EmailPreferenceKey[]).some((k) => next[k] !== before[k]);
}
