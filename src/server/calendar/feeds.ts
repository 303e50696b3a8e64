/**
 * Personal calendar feeds behind a secret link: the token is HMAC-SHA256 of AUTH_SECRET
 * over the user and the feed's generation (base64url, 43 characters), so the database
 * keeps only its SHA-256; rotating raises the generation, after which the old link finds
 * nobody (404) at once, in every process.
 */
import { createHash, createHmac } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { calendarFeeds } from './schema.js';

const tokenOf = (secret: string, userId: string, generation: number) =>
  createHmac('sha256', secret).update(`calendar-feed\u0000${userId}\u0000${generation}`).digest('base64url');
const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

/** The feed link's path for `token`. */
export const feedPath = (token: string) => `/api/calendar/${token}.ics`;

/** `userId`'s feed token, the feed made on first call; `secret` is AUTH_SECRET. */
export async function feedToken(db: Database, userId: string, secret: string): Promise<string> {
  await db.insert(calendarFeeds).values({ userId, generation: 1, tokenHash: hashOf(tokenOf(secret, userId, 1)) }).onConflictDoNothing();
  const [feed] = await db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, userId));
  return tokenOf(secret, userId, feed!.generation);
}

/** Replaces `userId`'s feed token (one transaction); the old one stops working. @returns the new token. */
export async function rotateFeedToken(db: Database, userId: string, secret: string): Promise<string> {
  return db.transaction(async (tx) => {
    await feedToken(tx, userId, secret);
    const [feed] = await tx
      .update(calendarFeeds)
      .set({ generation: sql`${calendarFeeds.generation} + 1`, updatedAt: new Date() })
      .where(eq(calendarFeeds.userId, userId))
      .returning();
    const token = tokenOf(secret, userId, feed!.generation);
    await tx.update(calendarFeeds).set({ tokenHash: hashOf(token) }).where(eq(calendarFeeds.userId, userId));
    return token;
  });
}

/** The user whose current feed token is `token`, or undefined. */
export async function feedOwner(db: Database, token: string): Promise<string | undefined> {
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return undefined;
  const [feed] = await db.select({ userId: calendarFeeds.userId }).from(calendarFeeds).where(eq(calendarFeeds.tokenHash, hashOf(token)));
  return feed?.userId;
}
