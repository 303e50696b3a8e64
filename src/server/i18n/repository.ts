/** The language a person chose (schema.ts): read for their mails and pushes, written by `PUT /api/account/language`. */
import { eq } from 'drizzle-orm';
import { isLocale, type Locale } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { userLanguages } from './schema.js';

/** The stored language of `userId`, or null when they never chose one (or it is no longer shipped). */
export async function languageOf(db: Database, userId: string): Promise<Locale | null> {
  const [row] = await db.select({ language: userLanguages.language }).from(userLanguages).where(eq(userLanguages.userId, userId));
  return isLocale(row?.language) ? row.language : null;
}

/** Stores `language` for `userId` (one upsert). Returns whether the stored value changed. */
export async function setLanguage(db: Database, userId: string, language: Locale): Promise<boolean> {
  const before = await languageOf(db, userId);
  await db
    .insert(userLanguages)
    .values({ userId, language })
    .onConflictDoUpdate({ target: userLanguages.userId, set: { language, updatedAt: new Date() } });
  return before !== language;
}
