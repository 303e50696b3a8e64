/**
 * Moderator actions (`POST /api/moderation/actions`): dismiss reports,
 * hide or restore a listing or message (its owner is told, with the reason), ban
 * for 1, 7, 30 days or for good, unban, make a moderator or remove the role (Demote), void a
 * listing's deliveries in the community's impact totals. Each action is one
 * transaction: its effects, the owner's notice or mail, the reports it resolves
 * and the audit entry commit together or not at all.
 *
 * Roles and bans live in Better Auth's admin plugin's columns (`users.role`,
 * `banned`, `ban_reason`, `ban_expires`), written here inside the transaction rather
 * than through `auth.api.banUser` (whose own writes would commit apart from ours).
 * The plugin keeps enforcing them: its session-create hook refuses sign-in while
 * `banned`, and lifts a ban whose `ban_expires` has passed at the next sign-in. A ban
 * deletes the person's sessions as the plugin would, so every request of theirs
 * stops at once, and the `sessions_ended` trigger ends their live event streams.
 */
import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { PAGES, conversationPath, wantedPath, type Locale, type ModerationActionInput, type ReportTarget } from '../../contract/index.js';
import { defineMessages } from '../i18n/catalog.js';
import { recipientLocale } from '../i18n/negotiate.js';
import { composeMail } from '../mail/compose.js';
import type { SessionUser } from '../auth/plugin.js';
import { isNamedAdmin } from './admins.js';
import { isModeratorRole, ROLES } from '../auth/roles.js';
import type { Database } from '../db/client.js';
import { foods, sessions, users } from '../db/schema/index.js';
import { messages } from '../messages/schema.js';
import { reports } from './schema.js';
import { problem } from '../http/problem.js';
import { voidPublicShares } from '../impact/repository.js';
import { enqueueMail } from '../outbox/outbox.js';
import { notice, writeLog } from './audit.js';
import { setWantedHidden } from '../wanted/moderation.js';

/** `donor_banned_until` of a ban for good: far enough to never end. */
export const FOREVER = new Date('9999-12-31T00:00:00Z');

const DAY_MS = 24 * 60 * 60 * 1000;

type Input = Required<Pick<ModerationActionInput, 'Action' | 'TargetType' | 'TargetId' | 'Reason'>> & { Days?: 1 | 7 | 30 };

/** Resolves every open report of a target; returns how many. */
async function resolveReports(tx: Database, type: ReportTarget, id: string): Promise<number> {
  const done = await tx
    .update(reports)
    .set({ resolvedAt: new Date() })
    .where(and(eq(reports.targetType, type), eq(reports.targetId, id), isNull(reports.resolvedAt)))
    .returning({ id: reports.id });
  return done.length;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Who may be acted against: checks the person with id `userId` in `tx`, throws when the moderator may not. */
type Guard = (tx: Database, userId: string) => Promise<void>;

/** Hides (`hide`) or restores a listing, Wanted post or message and tells its owner; `guard` checks the owner before hiding; returns whether it changed. */
async function setHidden(tx: Database, type: ReportTarget, id: string, hide: boolean, reason: string, guard: Guard): Promise<boolean> {
  if (type === 'wanted') {
    const post = await setWantedHidden(tx, id, hide, reason, guard);
    if (!post.changed) return false;
    const [title, body] = hide ? [`${post.title} was hidden by a moderator`, `Reason: ${reason}`] : [`${post.title} is shown again`, `A moderator restored your Wanted post. ${reason}`];
    await notice(tx, post.posterId, title, body, wantedPath(id));
    return true;
  }
  const missing = problem(404, `No ${type === 'food' ? 'food listing' : 'message'} has this id.`);
  if (!UUID.test(id)) throw missing;
  const values = hide ? { hiddenAt: new Date(), hiddenReason: reason } : { hiddenAt: null, hiddenReason: null };
  if (type === 'food') {
    const [row] = await tx.select().from(foods).where(eq(foods.id, id)).for('update');
    if (!row) throw missing;
    if (hide) await guard(tx, row.donorId);
    if ((row.hiddenAt !== null) === hide) return false;
    await tx.update(foods).set(values).where(eq(foods.id, id));
    await notice(
      tx,
      row.donorId,
      hide ? `${row.name} was hidden by a moderator` : `${row.name} is shown again`,
      hide ? `Reason: ${reason}` : `A moderator restored your listing. ${reason}`,
      PAGES.manageMyFoods.path,
    );
    return true;
  }
  const [row] = await tx.select().from(messages).where(eq(messages.id, id)).for('update');
  if (!row) throw missing;
  if (hide) await guard(tx, row.senderId);
  if ((row.hiddenAt !== null) === hide) return false;
  await tx.update(messages).set(values).where(eq(messages.id, id));
  await notice(
    tx,
    row.senderId,
    hide ? 'Your message was removed by a moderator' : 'Your message is shown again',
    hide ? `Reason: ${reason}` : `A moderator restored your message. ${reason}`,
    conversationPath(row.requestId),
  );
  return true;
}

/** The user a user-action names. @throws 400 for another target type, 404 unknown. */
async function requireTargetUser(db: Database, input: Input) {
  if (input.TargetType !== 'user') throw problem(400, `${input.Action} applies to people: send TargetType 'user'.`);
  const [user] = await db.select().from(users).where(eq(users.id, input.TargetId));
  if (!user) throw problem(404, 'No person has this id.');
  return user;
}

/** The ban mail's words (the server catalog's `moderation.ban.` group). */
const say = defineMessages('moderation.ban', {
  subject: 'Your Plateful account is suspended',
  until: 'A Plateful moderator suspended your account until {until}.',
  forGood: 'A Plateful moderator suspended your account for good.',
  reason: 'Reason: {reason}',
  meanwhile: 'While it is suspended you cannot sign in and your listings are hidden.',
  appeal: 'To appeal, reply to this email; a moderator will look at it again.',
});

/** The ban mail (through the outbox) in `locale`: why, and until when (UTC). */
function banMail(to: string, name: string, reason: string, until: Date | null, locale: Locale) {
  // English keeps the RFC 7231 date (`toUTCString`); other locales their own, in UTC.
  const date = (d: Date) => (locale === 'en' ? d.toUTCString() : `${new Intl.DateTimeFormat(locale, { dateStyle: 'full', timeStyle: 'short', timeZone: 'UTC' }).format(d)} UTC`);
  const when = until ? say(locale, 'until', { until: date(until) }) : say(locale, 'forGood');
  const paragraphs = [when, say(locale, 'reason', { reason }), say(locale, 'meanwhile'), say(locale, 'appeal')];
  return composeMail({ to, name, locale, subject: say(locale, 'subject'), paragraphs });
}

/**
 * Bans `userId` until `until` (null: for good) in `tx`, as the admin plugin's `banUser`
 * would: its columns set, every session deleted; and hides their listings meanwhile.
 */
async function ban(tx: Database, userId: string, reason: string, until: Date | null): Promise<void> {
  await tx.update(users).set({ banned: true, banReason: reason, banExpires: until, updatedAt: new Date() }).where(eq(users.id, userId));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
  await tx.update(foods).set({ donorBannedUntil: until ?? FOREVER }).where(eq(foods.donorId, userId));
}

/** Lifts `userId`'s ban in `tx`, as the admin plugin's `unbanUser` would, and shows their listings again. */
async function unban(tx: Database, userId: string): Promise<void> {
  await tx.update(users).set({ banned: false, banReason: null, banExpires: null, updatedAt: new Date() }).where(eq(users.id, userId));
  await tx.update(foods).set({ donorBannedUntil: null }).where(eq(foods.donorId, userId));
}

/**
 * Carries out one moderator action as `moderator`; `adminEmails` (ADMIN_EMAILS) names the
 * moderators only another of them may ban, demote or hide the content of (admins.ts).
 * @returns Mongo-style counts (`modifiedCount` 0 when nothing changed).
 * @throws 400 action and target type do not go together or a moderator bans or demotes themself,
 *   403 a moderator made by MakeModerator acting against one named by ADMIN_EMAILS, 404 unknown
 *   target, 409 making an unverified person a moderator or demoting one named by ADMIN_EMAILS.
 */
export async function moderate(app: FastifyInstance, moderator: SessionUser, input: Input, adminEmails: readonly string[] = []) {
  const db = app.db;
  const actorIsAdmin = isNamedAdmin(adminEmails, { email: moderator.email, emailVerified: moderator.emailVerified ?? false });
  const guard: Guard = async (tx, userId) => {
    if (actorIsAdmin) return;
    const [target] = await tx.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, userId));
    if (target && isNamedAdmin(adminEmails, target)) throw problem(403, 'Only a moderator named by ADMIN_EMAILS can act against another one.');
  };
  const actor = { id: moderator.id, name: moderator.name };
  const log = (tx: Database) =>
    writeLog(tx, { actor, action: input.Action, targetType: input.TargetType, targetId: input.TargetId, reason: input.Reason, days: input.Days });
  const result = (changed: boolean) => ({ acknowledged: true as const, matchedCount: 1, modifiedCount: changed ? 1 : 0 });

  switch (input.Action) {
    case 'Dismiss':
      return db.transaction(async (tx) => {
        const resolved = await resolveReports(tx, input.TargetType, input.TargetId);
        await log(tx);
        return { acknowledged: true as const, matchedCount: resolved, modifiedCount: resolved };
      });
    case 'Hide':
    case 'Restore': {
      if (input.TargetType === 'user') throw problem(400, 'Only listings, Wanted posts and messages are hidden or restored; ban a person instead.');
      return db.transaction(async (tx) => {
        const changed = await setHidden(tx, input.TargetType, input.TargetId, input.Action === 'Hide', input.Reason, guard);
        await resolveReports(tx, input.TargetType, input.TargetId);
        await log(tx);
        return result(changed);
      });
    }
    case 'Ban': {
      const user = await requireTargetUser(db, input);
      if (user.id === moderator.id) throw problem(400, 'You cannot ban yourself.', { code: 'self' });
      await guard(db, user.id);
      const until = input.Days ? new Date(Date.now() + input.Days * DAY_MS) : null;
      return db.transaction(async (tx) => {
        await ban(tx, user.id, input.Reason, until);
        await enqueueMail(tx, banMail(user.email, user.name, input.Reason, until, await recipientLocale(tx, user.id)));
        await resolveReports(tx, 'user', user.id);
        await log(tx);
        return result(true);
      });
    }
    case 'Unban': {
      const user = await requireTargetUser(db, input);
      return db.transaction(async (tx) => {
        await unban(tx, user.id);
        await log(tx);
        return result(user.banned);
      });
    }
    case 'MakeModerator': {
      const user = await requireTargetUser(db, input);
      if (!user.emailVerified) throw problem(409, 'This person has not verified their email address yet.', { code: 'unverified' });
      return db.transaction(async (tx) => {
        await tx.update(users).set({ role: ROLES.moderator, updatedAt: new Date() }).where(eq(users.id, user.id));
        await log(tx);
        return result(!isModeratorRole(user.role));
      });
    }
    case 'Demote': {
      const user = await requireTargetUser(db, input);
      if (user.id === moderator.id) throw problem(400, 'You cannot demote yourself.', { code: 'self' });
      await guard(db, user.id);
      if (isNamedAdmin(adminEmails, user)) throw problem(409, 'This moderator is named by ADMIN_EMAILS: remove the address there first.', { code: 'named_admin' });
      return db.transaction(async (tx) => {
        await tx.update(users).set({ role: ROLES.user, updatedAt: new Date() }).where(eq(users.id, user.id));
        await log(tx);
        return result(isModeratorRole(user.role));
      });
    }
    case 'VoidImpact': {
      if (input.TargetType !== 'food' || !UUID.test(input.TargetId)) throw problem(400, "VoidImpact applies to a listing: send TargetType 'food' and its id.");
      return db.transaction(async (tx) => {
        const voided = await voidPublicShares(tx, input.TargetId);
        await log(tx);
        return { acknowledged: true as const, matchedCount: voided, modifiedCount: voided };
      });
    }
  }
}
