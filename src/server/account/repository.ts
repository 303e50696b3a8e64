/**
 * The signed-in user's own data for the Account page: sessions (list,
 * revoke) and the export of profile, sign-in methods, listings and requests
 * (GDPR Art. 15/20). Every query is scoped to one user id.
 */
import { and, desc, eq, gt, ne } from 'drizzle-orm';
import { languageOf } from '../i18n/repository.js';
import type { AccountExport, AccountSession } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { accounts, foods, requests, sessions, users } from '../db/schema/index.js';
import { toFood } from '../foods/repository.js';
import { windowsByFood } from '../foods/windows.js';
import { localToday } from '../lib/dates.js';
import { readHomeArea } from '../places/home-area.js';
import { listRequesterRequests, toFoodRequest } from '../requests/repository.js';

type SessionRow = typeof sessions.$inferSelect;

function toAccountSession(row: SessionRow, currentId: string | undefined): AccountSession {
  return {
    _id: row.id,
    UserAgent: row.userAgent ?? '',
    IpAddress: row.ipAddress ?? '',
    CreatedAt: row.createdAt.toISOString(),
    LastActiveAt: row.updatedAt.toISOString(),
    ExpiresAt: row.expiresAt.toISOString(),
    Current: row.id === currentId,
  };
}

/** The user's unexpired sessions, most recently active first; `currentId` is marked `Current`. */
export async function listSessions(db: Database, userId: string, currentId: string | undefined): Promise<AccountSession[]> {
  const rows = await db
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, userId), gt(sessions.expiresAt, new Date())))
    .orderBy(desc(sessions.updatedAt), desc(sessions.id));
  return rows.map((r) => toAccountSession(r, currentId));
}

/** Ends one of the user's sessions; 0 when `sessionId` is not theirs (or gone). */
export async function revokeSession(db: Database, userId: string, sessionId: string): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.id, sessionId), eq(sessions.userId, userId)))
    .returning({ id: sessions.id });
  return gone.length;
}

/** Ends every session of the user but `keepId`; returns how many ended. */
export async function revokeOtherSessions(db: Database, userId: string, keepId: string): Promise<number> {
  const gone = await db
    .delete(sessions)
    .where(and(eq(sessions.userId, userId), ne(sessions.id, keepId)))
    .returning({ id: sessions.id });
  return gone.length;
}

/** Everything Plateful keeps about `userId`, in the API's shapes; one consistent snapshot. */
export async function exportAccount(db: Database, userId: string, currentSessionId: string | undefined): Promise<AccountExport> {
  return db.transaction(async (tx) => {
    const [user] = await tx.select().from(users).where(eq(users.id, userId));
    if (!user) throw new Error('the signed-in user is gone');
    const methods = await tx.select({ providerId: accounts.providerId }).from(accounts).where(eq(accounts.userId, userId));
    const ownFoods = await tx.select().from(foods).where(eq(foods.donorId, userId)).orderBy(desc(foods.expiresOn), desc(foods.id));
    const forMine = await tx
      .select()
      .from(requests)
      .where(eq(requests.donorId, userId))
      .orderBy(desc(requests.requestedAt), desc(requests.id));
    const windows = await windowsByFood(tx, ownFoods.map((row) => row.id));
    return {
      ExportedAt: new Date().toISOString(),
      Profile: {
        _id: user.id,
        Name: user.name,
        Email: user.email,
        Image: user.image ?? '',
        EmailVerified: user.emailVerified,
        CreatedAt: user.createdAt.toISOString(),
      },
      HomeArea: await readHomeArea(tx, userId),
      Language: await languageOf(tx, userId),
      SignInMethods: methods.map((m) => (m.providerId === 'credential' ? 'password' : m.providerId)).sort(),
      Sessions: await listSessions(tx, userId, currentSessionId),
      Foods: ownFoods.map((row) => toFood(row, true, localToday(), { exactPoint: true, windows: windows.get(row.id) })),
      Requests: (await listRequesterRequests(tx, userId)).map((row) => toFoodRequest(row, userId)),
      RequestsForMyFoods: forMine.map((row) => toFoodRequest(row, userId)),
    };
  });
}
