/**
 * Feedback after a hand-over: once a request is Delivered in a hand-over the requester
 * took part in, and while neither has blocked the other, its donor and its requester may
 * each rate the other once, Positive or Negative with an
 * optional reason and a comment only moderators read. Publicly a person shows
 * "N shares" (completed hand-overs) and, from 3 feedbacks on, "M% positive".
 * `NEGATIVE_FEEDBACK_TO_QUEUE` negatives from distinct people within its days put
 * the person on the moderation queue (an automatic report with no reporter).
 */
import { and, eq, gte, sql } from 'drizzle-orm';
import type { FeedbackInput, FeedbackState, PersonStanding, Standing } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { rowsOf } from '../db/rows.js';
import { BLOCKED_REFUSAL } from '../blocks/repository.js';
import { feedback } from './schema.js';
import { messages } from '../messages/schema.js';
import { reports } from '../moderation/schema.js';
import { requests, users } from '../db/schema/index.js';
import { NEGATIVE_FEEDBACK_TO_QUEUE } from '../moderation/limits.js';
import { problem } from '../http/problem.js';
import { requireParty } from '../messages/repository.js';
import { isBlockedBetween } from '../blocks/repository.js';

/** Feedbacks a person needs before "M% positive" is shown. */
export const FEEDBACKS_FOR_PERCENT = 3;

type RequestRow = Awaited<ReturnType<typeof requireParty>>;

/**
 * Whether a delivered hand-over is one the requester took part in (docs: feedback cannot be
 * made a weapon): the donor accepted the request before it was delivered, or the requester
 * wrote in its conversation. A donor who marks a never-answered Pending request delivered
 * gets no feedback right from it, in either direction.
 */
async function requesterTookPart(db: Database, request: RequestRow): Promise<boolean> {
  if (request.acceptedAt) return true;
  const [wrote] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.requestId, request.id), eq(messages.senderId, request.requesterId)))
    .limit(1);
  return Boolean(wrote);
}

/**
 * Why feedback on `request` cannot be given by either party now, or null when it can:
 * it opens once the food is delivered in a hand-over the requester took part in, and a
 * block between the two (either way) ends it.
 */
async function feedbackRefusal(db: Database, request: RequestRow): Promise<string | null> {
  if (request.status !== 'Delivered') return 'Feedback opens once the food is delivered.';
  if (!(await requesterTookPart(db, request))) return NOT_A_HAND_OVER;
  if (await isBlockedBetween(db, request.donorId, request.requesterId)) return BLOCKED_REFUSAL;
  return null;
}

/** The refusal of feedback on a delivery the requester never took part in. */
export const NOT_A_HAND_OVER = 'Feedback is for hand-overs both of you took part in: this request was never accepted or answered.';

/**
 * Leaves `authorId`'s feedback on the other side of request `requestId`; one transaction.
 * @throws 404 / 403 as `requireParty`; 409 not delivered yet, a delivery the requester
 * never took part in, a block between the two (neutral text), or already given.
 */
export async function giveFeedback(db: Database, requestId: string, authorId: string, input: FeedbackInput & { Comment: string }): Promise<string> {
  return db.transaction(async (tx) => {
    const request = await requireParty(tx, requestId, authorId, true);
    const refusal = await feedbackRefusal(tx, request);
    if (refusal) throw problem(409, refusal, { code: 'feedback_refused' });
    const subjectId = request.donorId === authorId ? request.requesterId : request.donorId;
    const [row] = await tx
      .insert(feedback)
      .values({ requestId, authorId, subjectId, rating: input.Rating, reason: input.Reason ?? null, comment: input.Comment })
      .onConflictDoNothing()
      .returning({ id: feedback.id });
    if (!row) throw problem(409, 'You have already left feedback for this hand-over.', { code: 'already_given' });
    if (input.Rating === 'Negative') await queueIfRepeatedlyNegative(tx, subjectId);
    return row.id;
  });
}

/** Puts `subjectId` on the moderation queue when enough distinct people rated them negative lately. */
async function queueIfRepeatedlyNegative(tx: Database, subjectId: string): Promise<void> {
  const since = sql`now() - make_interval(days => ${NEGATIVE_FEEDBACK_TO_QUEUE.days})`;
  const recent = await tx
    .select({ author: feedback.authorId, reason: feedback.reason, comment: feedback.comment, at: feedback.createdAt })
    .from(feedback)
    .where(and(eq(feedback.subjectId, subjectId), eq(feedback.rating, 'Negative'), gte(feedback.createdAt, since)));
  if (new Set(recent.map((f) => f.author)).size < NEGATIVE_FEEDBACK_TO_QUEUE.count) return;
  const [person] = await tx.select({ name: users.name, image: users.image }).from(users).where(eq(users.id, subjectId));
  const snapshot = {
    Name: person?.name ?? '',
    Image: person?.image ?? '',
    NegativeFeedback: recent.map((f) => ({ Reason: f.reason, Comment: f.comment, At: f.at.toISOString() })),
  };
  // One open automatic report per person (partial unique index): a later negative adds nothing.
  await tx
    .insert(reports)
    .values({ reporterId: null, targetType: 'user', targetId: subjectId, targetUserId: subjectId, reason: 'NegativeFeedback', snapshot })
    .onConflictDoNothing();
}

/** Whether `userId` has left, or may leave, feedback on request `requestId`. @throws as `requireParty`. */
export async function feedbackState(db: Database, requestId: string, userId: string): Promise<FeedbackState> {
  const request = await requireParty(db, requestId, userId);
  const [given] = await db.select({ id: feedback.id }).from(feedback).where(and(eq(feedback.requestId, requestId), eq(feedback.authorId, userId)));
  return { Given: Boolean(given), CanGive: !given && (await feedbackRefusal(db, request)) === null };
}

/** One person's counts behind their standing. */
export interface StandingCounts extends Standing {
  /** Feedbacks received, of either rating. */
  Feedbacks: number;
}

/**
 * The query behind {@link standings} for distinct, non-empty `ids` (exported for the
 * EXPLAIN test): hand-overs from the partial index of delivered requests by donor and the
 * requester index, feedbacks from the subject index.
 */
export function standingsQuery(ids: readonly string[]) {
  const list = sql.join(
    ids.map((id) => sql`(${id})`),
    sql`, `,
  );
  return sql`
    with ids(id) as (values ${list}),
    shares as (
      select person, count(*)::int as n from (
        select ${requests.donorId} as person from ${requests} where ${requests.status} = 'Delivered' and ${requests.donorId} in (select id from ids)
        union all
        select ${requests.requesterId} from ${requests} where ${requests.status} = 'Delivered' and ${requests.requesterId} in (select id from ids)
      ) s group by person
    ),
    rated as (
      select ${feedback.subjectId} as person, count(*)::int as n, (count(*) filter (where ${feedback.rating} = 'Positive'))::int as positive
      from ${feedback} where ${feedback.subjectId} in (select id from ids) group by ${feedback.subjectId}
    )
    select ids.id, coalesce(shares.n, 0) as shares, coalesce(rated.n, 0) as feedbacks, coalesce(rated.positive, 0) as positive
    from ids left join shares on shares.person = ids.id left join rated on rated.person = ids.id`;
}

/**
 * The standing of each person in `userIds` (duplicates allowed), in one query however
 * many: completed hand-overs as donor or requester, and feedbacks received.
 * @returns a map from user id to counts; every id is in it (zeros for an unknown id).
 */
export async function standings(db: Database, userIds: readonly string[]): Promise<Map<string, StandingCounts>> {
  const ids = [...new Set(userIds)];
  const found = new Map<string, StandingCounts>();
  if (!ids.length) return found;
  const rows = await db.execute(standingsQuery(ids));
  for (const row of rowsOf<{ id: string; shares: number; feedbacks: number; positive: number }>(rows)) {
    const total = Number(row.feedbacks);
    found.set(row.id, {
      Shares: Number(row.shares),
      Feedbacks: total,
      PositivePercent: total >= FEEDBACKS_FOR_PERCENT ? Math.round((Number(row.positive) * 100) / total) : null,
    });
  }
  return found;
}

/** A person's public standing. @throws 404 unknown person. */
export async function standing(db: Database, userId: string): Promise<Omit<PersonStanding, 'RecurringOffers'>> {
  const [person] = await db.select({ id: users.id, name: users.name, image: users.image }).from(users).where(eq(users.id, userId));
  if (!person) throw problem(404, 'No person has this id.');
  const counts = (await standings(db, [userId])).get(userId)!;
  return { _id: person.id, Name: person.name, Image: person.image ?? '', ...counts };
}
