/**
 * Blocks between people: two-way and silent. Neither sees the other's
 * listings (foods/visibility.ts), neither requests the other's food or writes
 * into a conversation with the other (409 with a neutral text), and blocking
 * cancels (deletes, as SPEC.md §4 cancels) the open requests between them. The
 * blocked person is told nothing.
 */
import { and, desc, eq, inArray, or, sql } from 'drizzle-orm';
import { OPEN_REQUEST_STATUSES, type BlockedPerson } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { blocks } from './schema.js';
import { requests, users } from '../db/schema/index.js';
import { problem } from '../http/problem.js';

/** The neutral refusal of a request or message across a block: it names no block. */
export const BLOCKED_REFUSAL = 'This is not possible right now.';

/** Request statuses of an open request: cancelled by a block. */
const OPEN = inArray(requests.status, OPEN_REQUEST_STATUSES);

/**
 * `blockerId` blocks `blockedId`; one transaction that also cancels the open requests between them.
 * @throws 400 blocking oneself, 404 unknown person, 409 already blocked.
 */
export async function block(db: Database, blockerId: string, blockedId: string): Promise<void> {
  if (blockerId === blockedId) throw problem(400, 'You cannot block yourself.', { code: 'self' });
  await db.transaction(async (tx) => {
    const [person] = await tx.select({ id: users.id }).from(users).where(eq(users.id, blockedId));
    if (!person) throw problem(404, 'No person has this id.');
    const added = await tx.insert(blocks).values({ blockerId, blockedId }).onConflictDoNothing().returning({ id: blocks.blockerId });
    if (!added.length) throw problem(409, 'You have already blocked this person.', { code: 'already_blocked' });
    await tx
      .delete(requests)
      .where(
        and(
          OPEN,
          or(and(eq(requests.donorId, blockerId), eq(requests.requesterId, blockedId)), and(eq(requests.donorId, blockedId), eq(requests.requesterId, blockerId))),
        ),
      );
  });
}

/** Lifts `blockerId`'s block of `blockedId`; returns how many were deleted (0 or 1). */
export async function unblock(db: Database, blockerId: string, blockedId: string): Promise<number> {
  const gone = await db
    .delete(blocks)
    .where(and(eq(blocks.blockerId, blockerId), eq(blocks.blockedId, blockedId)))
    .returning({ id: blocks.blockedId });
  return gone.length;
}

/** The people `blockerId` blocked, latest first. */
export async function listBlocked(db: Database, blockerId: string): Promise<BlockedPerson[]> {
  const rows = await db
    .select({ id: users.id, name: users.name, image: users.image, at: blocks.createdAt })
    .from(blocks)
    .innerJoin(users, eq(users.id, blocks.blockedId))
    .where(eq(blocks.blockerId, blockerId))
    .orderBy(desc(blocks.createdAt));
  return rows.map((r) => ({ _id: r.id, Name: r.name, Image: r.image ?? '', BlockedAt: r.at.toISOString() }));
}

/** True when a block exists between `a` and `b`, either way. */
export async function isBlockedBetween(db: Database, a: string, b: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(blocks)
    .where(or(and(eq(blocks.blockerId, a), eq(blocks.blockedId, b)), and(eq(blocks.blockerId, b), eq(blocks.blockedId, a))))
    .limit(1);
  return Boolean(row);
}
