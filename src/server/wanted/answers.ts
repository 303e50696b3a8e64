/**
 * Answering a Wanted post with a listing (docs/api.md "Wanted posts"): the donor links one
 * of their available listings to an open post; the poster is told (`wanted.answered`) and
 * the listing is offered to them first: for `WANTED.offerHours` others' requests wait,
 * until the poster requests it or the offer ends.
 */
import { and, eq, gt, inArray } from 'drizzle-orm';
import { WANTED } from '../../contract/index.js';
import type { SessionUser } from '../auth/plugin.js';
import type { Database } from '../db/client.js';
import { requests } from '../db/schema/index.js';
import { problem } from '../http/problem.js';
import { localToday } from '../lib/dates.js';
import type { Notifier } from '../notifications/notifier.js';
import { foodStatus, requireFood } from '../foods/repository.js';
import { isFoodWithheld } from '../foods/visibility.js';
import { requireVisibleWanted } from './repository.js';
import { wantedAnswers, wantedPosts } from './schema.js';

const HOUR_MS = 60 * 60 * 1000;

/**
 * `donor` answers post `wantedId` with their listing `foodId` at `now`; one transaction with the
 * poster's notification. Returns the answer's id.
 * @throws 404 unknown post or listing, 403 someone else's listing, 409 own post (`own_wanted`),
 *   closed post (`wanted_closed`), listing not available (`food_unavailable`), answered before (`already_answered`).
 */
export async function answerWanted(db: Database, wantedId: string, foodId: string, donor: SessionUser, notifier: Notifier, now: Date): Promise<string> {
  return db.transaction(async (tx) => {
    const { post } = await requireVisibleWanted(tx, wantedId, donor, now);
    if (post.posterId === donor.id) throw problem(409, 'You cannot answer your own Wanted post.', { code: 'own_wanted' });
    if (post.expiresAt <= now || post.hiddenAt) throw problem(409, 'This Wanted post is closed.', { code: 'wanted_closed' });
    const food = await requireFood(tx, foodId);
    if (food.donorId !== donor.id) throw problem(403, 'You can only answer with your own listing.');
    if (food.heldAt || isFoodWithheld(food, now) || foodStatus(food, localToday(now)) !== 'Available') {
      throw problem(409, 'Only an available listing can answer a Wanted post.', { code: 'food_unavailable' });
    }
    const offeredUntil = new Date(now.getTime() + WANTED.offerHours * HOUR_MS);
    const [row] = await tx
      .insert(wantedAnswers)
      .values({ wantedId, foodId, answeredAt: now, offeredUntil })
      .onConflictDoNothing()
      .returning({ id: wantedAnswers.id });
    if (!row) throw problem(409, 'This listing already answers this Wanted post.', { code: 'already_answered' });
    await notifier.wantedAnswered(tx, { posterId: post.posterId, title: post.title, foodId, foodName: food.name, donorId: donor.id, donorName: food.donorName, offeredUntil });
    return row.id;
  });
}

/**
 * Refuses `requesterId`'s request for listing `foodId` at `now` while the listing is offered first
 * to the poster of a Wanted post it answered, who has not requested it yet (requests/repository.ts
 * calls this in the request's transaction).
 * @throws 409 `offered_first`, naming when the offer ends.
 */
export async function assertNotOfferedToOthers(tx: Database, foodId: string, requesterId: string, now: Date): Promise<void> {
  const offers = await tx
    .select({ posterId: wantedPosts.posterId, until: wantedAnswers.offeredUntil })
    .from(wantedAnswers)
    .innerJoin(wantedPosts, eq(wantedPosts.id, wantedAnswers.wantedId))
    .where(and(eq(wantedAnswers.foodId, foodId), gt(wantedAnswers.offeredUntil, now)));
  if (!offers.length || offers.some((o) => o.posterId === requesterId)) return;
  const taken = await tx
    .select({ requesterId: requests.requesterId })
    .from(requests)
    .where(and(eq(requests.foodId, foodId), inArray(requests.requesterId, offers.map((o) => o.posterId))))
    .limit(1);
  if (taken.length) return;
  const until = new Date(Math.max(...offers.map((o) => o.until.getTime())));
  throw problem(409, `This listing is offered first to the neighbour who asked for it. You can request it after ${until.toISOString()}.`, {
    code: 'offered_first',
  });
}
