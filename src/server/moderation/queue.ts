/**
 * The moderation queue (`GET /api/moderation/reports`): open reports
 * grouped by target, the most reported first, with each report's reason, details
 * and snapshot (and whether its reporter's address is verified), and the target's owner
 * and hidden state. Reporters are not named.
 */
import { and, asc, eq, inArray, isNotNull, isNull } from 'drizzle-orm';
import type { ModerationGroup } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { foods, users } from '../db/schema/index.js';
import { messages } from '../messages/schema.js';
import { reports } from './schema.js';
import { hiddenWanted } from '../wanted/moderation.js';

/** Most open reports the queue reads at once (oldest first). */
export const QUEUE_LIMIT = 2000;

/** The open reports, grouped by target. */
export async function listQueue(db: Database): Promise<ModerationGroup[]> {
  const rows = await db
    .select({ report: reports, reporterVerified: users.emailVerified })
    .from(reports)
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(isNull(reports.resolvedAt))
    .orderBy(asc(reports.createdAt), asc(reports.id))
    .limit(QUEUE_LIMIT)
    .then((found) => found.map((f) => ({ ...f.report, reporterVerified: f.report.reporterId === null ? null : (f.reporterVerified ?? false) })));
  const groups = new Map<string, { type: (typeof rows)[number]['targetType']; id: string; ownerId: string; rows: typeof rows }>();
  for (const r of rows) {
    const key = `${r.targetType}:${r.targetId}`;
    const g = groups.get(key) ?? { type: r.targetType, id: r.targetId, ownerId: r.targetUserId, rows: [] };
    g.rows.push(r);
    groups.set(key, g);
  }
  const list = [...groups.values()];
  const ownerIds = [...new Set(list.map((g) => g.ownerId))];
  const owners = ownerIds.length
    ? await db.select({ id: users.id, name: users.name, email: users.email, banned: users.banned, role: users.role }).from(users).where(inArray(users.id, ownerIds))
    : [];
  const ids = (type: string) => list.filter((g) => g.type === type).map((g) => g.id);
  const hidden = new Set<string>();
  const foodIds = ids('food');
  const messageIds = ids('message');
  if (foodIds.length) {
    for (const f of await db.select({ id: foods.id }).from(foods).where(and(inArray(foods.id, foodIds), isNotNull(foods.hiddenAt)))) hidden.add(`food:${f.id}`);
  }
  if (messageIds.length) {
    for (const m of await db.select({ id: messages.id }).from(messages).where(and(inArray(messages.id, messageIds), isNotNull(messages.hiddenAt)))) {
      hidden.add(`message:${m.id}`);
    }
  }
  for (const id of await hiddenWanted(db, ids('wanted'))) hidden.add(`wanted:${id}`);
  const byId = new Map(owners.map((o) => [o.id, o]));
  return list
    .map((g) => {
      const owner = byId.get(g.ownerId);
      return {
        TargetType: g.type,
        TargetId: g.id,
        TargetUser: { _id: g.ownerId, Name: owner?.name ?? '', Email: owner?.email ?? '', Banned: owner?.banned ?? false, Role: owner?.role ?? 'user' },
        Count: g.rows.length,
        Reasons: [...new Set(g.rows.map((r) => r.reason))],
        Hidden: hidden.has(`${g.type}:${g.id}`),
        FirstReportedAt: g.rows[0]!.createdAt.toISOString(),
        Reports: g.rows.map((r) => ({ _id: r.id, Reason: r.reason, Details: r.details, CreatedAt: r.createdAt.toISOString(), Snapshot: r.snapshot, ReporterVerified: r.reporterVerified })),
      };
    })
    .sort((a, b) => b.Count - a.Count || a.FirstReportedAt.localeCompare(b.FirstReportedAt));
}
