/**
 * The moderators' audit log: who did what to which target, when and why,
 * written in the transaction of the action; and the notices owners get.
 */
import { desc, eq, inArray } from 'drizzle-orm';
import type { ModerationLogEntry } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { foods, users } from '../db/schema/index.js';
import { messages } from '../messages/schema.js';
import { moderationLog } from './schema.js';
import { addNotification } from '../notifications/repository.js';
import { wantedNames } from '../wanted/moderation.js';

type LogRow = typeof moderationLog.$inferSelect;

/** One audit entry; `actor` null: Plateful itself (auto-hide). */
export async function writeLog(
  tx: Database,
  e: { actor: { id: string; name: string } | null; action: LogRow['action']; targetType: LogRow['targetType']; targetId: string; reason: string; days?: number },
): Promise<void> {
  await tx.insert(moderationLog).values({
    actorId: e.actor?.id ?? null,
    actorName: e.actor?.name ?? 'Plateful',
    action: e.action,
    targetType: e.targetType,
    targetId: e.targetId,
    reason: e.reason,
    days: e.days === undefined ? null : String(e.days),
  });
}

/** Most entries `GET /api/moderation/log` answers, newest first. */
export const LOG_LIMIT = 500;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What a log target is now: its name and, for a listing, Wanted post or message, whether it is hidden; for a person, whether banned. */
type TargetNow = { name: string; hidden: boolean | null; banned: boolean | null };

/** The current name and state of every target of `rows`, by `type:id` (four reads, whatever the number of rows). */
async function targetsNow(db: Database, rows: LogRow[]): Promise<Map<string, TargetNow>> {
  const ids = (type: LogRow['targetType']) => [...new Set(rows.filter((r) => r.targetType === type && (type === 'user' || UUID.test(r.targetId))).map((r) => r.targetId))];
  const [foodIds, messageIds, userIds] = [ids('food'), ids('message'), ids('user')];
  const found = new Map<string, TargetNow>();
  for (const w of await wantedNames(db, ids('wanted'))) found.set(`wanted:${w.id}`, { name: w.title, hidden: w.hidden, banned: null });
  if (foodIds.length > 0) {
    for (const f of await db.select({ id: foods.id, name: foods.name, hiddenAt: foods.hiddenAt }).from(foods).where(inArray(foods.id, foodIds))) {
      found.set(`food:${f.id}`, { name: f.name, hidden: f.hiddenAt !== null, banned: null });
    }
  }
  if (messageIds.length > 0) {
    const rows = await db
      .select({ id: messages.id, hiddenAt: messages.hiddenAt, sender: users.name })
      .from(messages)
      .innerJoin(users, eq(users.id, messages.senderId))
      .where(inArray(messages.id, messageIds));
    for (const m of rows) found.set(`message:${m.id}`, { name: `Message from ${m.sender}`, hidden: m.hiddenAt !== null, banned: null });
  }
  if (userIds.length > 0) {
    for (const u of await db.select({ id: users.id, name: users.name, banned: users.banned }).from(users).where(inArray(users.id, userIds))) {
      found.set(`user:${u.id}`, { name: u.name, hidden: null, banned: u.banned });
    }
  }
  return found;
}

/** The latest audit entries, newest first, each with what its target is called and its state now. */
export async function listLog(db: Database): Promise<ModerationLogEntry[]> {
  const rows = await db.select().from(moderationLog).orderBy(desc(moderationLog.at), desc(moderationLog.id)).limit(LOG_LIMIT);
  const now = await targetsNow(db, rows);
  return rows.map((r) => {
    const target = now.get(`${r.targetType}:${r.targetId}`);
    return {
      _id: r.id,
      At: r.at.toISOString(),
      Actor: r.actorId || r.actorName !== 'Plateful' ? { _id: r.actorId, Name: r.actorName } : null,
      Action: r.action,
      TargetType: r.targetType,
      TargetId: r.targetId,
      Reason: r.reason,
      Days: r.days === null ? null : Number(r.days),
      TargetName: target?.name ?? null,
      TargetHidden: target?.hidden ?? null,
      TargetBanned: target?.banned ?? null,
    };
  });
}

/** Tells `userId` what moderation did to their content (a notification, live on commit). */
export async function notice(tx: Database, userId: string, title: string, body: string, link: string): Promise<void> {
  await addNotification(tx, { userId, type: 'moderation.notice', title, body, link });
}
