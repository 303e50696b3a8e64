/**
 * The moderators' audit log (issue 19): who did what to which target, when and why,
 * written in the transaction of the action; and the notices owners get.
 */
import { desc } from 'drizzle-orm';
import type { ModerationLogEntry } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { moderationLog } from '../db/schema/index.js';
import { addNotification } from '../notifications/repository.js';

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

/** The latest audit entries, newest first. */
export async function listLog(db: Database): Promise<ModerationLogEntry[]> {
  const rows = await db.select().from(moderationLog).orderBy(desc(moderationLog.at), desc(moderationLog.id)).limit(LOG_LIMIT);
  return rows.map((r) => ({
    _id: r.id,
    At: r.at.toISOString(),
    Actor: r.actorId || r.actorName !== 'Plateful' ? { _id: r.actorId, Name: r.actorName } : null,
    Action: r.action,
    TargetType: r.targetType,
    TargetId: r.targetId,
    Reason: r.reason,
    Days: r.days === null ? null : Number(r.days),
  }));
}

/** Tells `userId` what moderation did to their content (a notification, live on commit). */
export async function notice(tx: Database, userId: string, title: string, body: string, link: string): Promise<void> {
  await addNotification(tx, { userId, type: 'moderation.notice', title, body, link });
}
