/**
 * Reports: `POST /api/reports` files one, keeping a snapshot of the
 * content as reported; one open report per reporter and target. A listing that
 * `REPORTS_TO_AUTO_HIDE` distinct verified accounts have open reports on is hidden
 * until a moderator reviews it, and its donor is told.
 */
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { PAGES, wantedPath, type ReportInput, type ReportReason, type ReportTarget } from '../../contract/index.js';
import type { SessionUser } from '../auth/plugin.js';
import type { Database } from '../db/client.js';
import { foods, users } from '../db/schema/index.js';
import { messages } from '../messages/schema.js';
import { reports } from './schema.js';
import { requireFood } from '../foods/repository.js';
import { REPORTS_TO_AUTO_HIDE } from './limits.js';
import { problem } from '../http/problem.js';
import { requireParty } from '../messages/repository.js';
import { notice, writeLog } from './audit.js';
import { canSeeFood } from '../foods/visibility.js';
import { autoHideWanted, reportedWanted } from '../wanted/moderation.js';

/** What the donor is told, and the listing's hidden reason, when reports hide it. */
export const UNDER_REVIEW = 'Several people reported this listing, so it is hidden while a moderator reviews it.';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The reported content as it is now, and whose it is. @throws 404 when the reporter cannot see it, 409 for their own. */
async function resolveTarget(
  tx: Database,
  type: ReportTarget,
  id: string,
  reporter: SessionUser,
): Promise<{ ownerId: string; snapshot: Record<string, unknown> }> {
  const notFound = problem(404, 'There is nothing with this id to report.');
  if (type === 'food') {
    if (!UUID.test(id)) throw notFound;
    const food = await requireFood(tx, id).catch(() => {
      throw notFound;
    });
    if (!(await canSeeFood(tx, food, reporter))) throw notFound;
    if (food.donorId === reporter.id) throw problem(409, 'You cannot report your own listing.', { code: 'own_target' });
    const snapshot = {
      FoodName: food.name,
      FoodImage: food.imageUrl,
      FoodQuantity: food.quantity,
      PickupLocation: food.pickupLocation,
      ExpiredDateTime: food.expiresOn,
      AdditionalNotes: food.notes,
      DonatorName: food.donorName,
    };
    return { ownerId: food.donorId, snapshot };
  }
  if (type === 'message') {
    if (!UUID.test(id)) throw notFound;
    const [msg] = await tx.select().from(messages).where(eq(messages.id, id));
    if (!msg) throw notFound;
    await requireParty(tx, msg.requestId, reporter.id).catch(() => {
      throw notFound;
    });
    if (msg.senderId === reporter.id) throw problem(409, 'You cannot report your own message.', { code: 'own_target' });
    const [sender] = await tx.select({ name: users.name }).from(users).where(eq(users.id, msg.senderId));
    return { ownerId: msg.senderId, snapshot: { Body: msg.body, SenderName: sender?.name ?? '', SentAt: msg.sentAt.toISOString(), RequestId: msg.requestId } };
  }
  if (type === 'wanted') return reportedWanted(tx, id, reporter);
  const [person] = await tx.select({ id: users.id, name: users.name, image: users.image }).from(users).where(eq(users.id, id));
  if (!person) throw notFound;
  if (person.id === reporter.id) throw problem(409, 'You cannot report yourself.', { code: 'own_target' });
  return { ownerId: person.id, snapshot: { Name: person.name, Image: person.image ?? '' } };
}

/**
 * Files a report by `reporter`; one transaction (with the auto-hide it may cause).
 * @returns the report's id.
 * @throws 404 unknown or unseen target, 409 own content or an open report by the same reporter.
 */
export async function createReport(db: Database, reporter: SessionUser, input: ReportInput & { Details: string }): Promise<string> {
  return db.transaction(async (tx) => {
    const { ownerId, snapshot } = await resolveTarget(tx, input.TargetType, input.TargetId, reporter);
    const [open] = await tx
      .select({ id: reports.id })
      .from(reports)
      .where(and(eq(reports.reporterId, reporter.id), eq(reports.targetType, input.TargetType), eq(reports.targetId, input.TargetId), isNull(reports.resolvedAt)));
    if (open) throw problem(409, 'You have already reported this. A moderator will look at it.', { code: 'already_reported' });
    const [row] = await tx
      .insert(reports)
      .values({
        reporterId: reporter.id,
        targetType: input.TargetType,
        targetId: input.TargetId,
        targetUserId: ownerId,
        reason: input.Reason as ReportReason,
        details: input.Details,
        snapshot,
      })
      .returning({ id: reports.id });
    if (input.TargetType === 'food' || input.TargetType === 'wanted') await autoHide(tx, input.TargetType, input.TargetId);
    return row!.id;
  });
}

/** What the poster is told, and the post's hidden reason, when reports hide a Wanted post. */
export const WANTED_UNDER_REVIEW = 'Several people reported this Wanted post, so it is hidden while a moderator reviews it.';

/** Hides listing or Wanted post `id` when enough distinct verified accounts have open reports on it; tells its owner and logs it. */
async function autoHide(tx: Database, type: 'food' | 'wanted', id: string): Promise<void> {
  const [{ reporters } = { reporters: 0 }] = await tx
    .select({ reporters: count(sql`distinct ${reports.reporterId}`) })
    .from(reports)
    .innerJoin(users, eq(users.id, reports.reporterId))
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id), isNull(reports.resolvedAt), eq(users.emailVerified, true)));
  if (reporters < REPORTS_TO_AUTO_HIDE) return;
  if (type === 'wanted') {
    const post = await autoHideWanted(tx, id, WANTED_UNDER_REVIEW);
    if (!post) return;
    await writeLog(tx, { actor: null, action: 'AutoHide', targetType: 'wanted', targetId: id, reason: WANTED_UNDER_REVIEW });
    await notice(tx, post.posterId, `${post.title} is under review`, WANTED_UNDER_REVIEW, wantedPath(id));
    return;
  }
  const foodId = id;
  const [hidden] = await tx
    .update(foods)
    .set({ hiddenAt: new Date(), hiddenReason: UNDER_REVIEW })
    .where(and(eq(foods.id, foodId), isNull(foods.hiddenAt)))
    .returning({ donorId: foods.donorId, name: foods.name });
  if (!hidden) return;
  await writeLog(tx, { actor: null, action: 'AutoHide', targetType: 'food', targetId: foodId, reason: UNDER_REVIEW });
  await notice(tx, hidden.donorId, `${hidden.name} is under review`, UNDER_REVIEW, PAGES.manageMyFoods.path);
}
