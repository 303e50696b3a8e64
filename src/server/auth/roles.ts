/**
 * Roles of Better Auth's admin plugin (DESIGN.md "Moderation"): `user`
 * may do nothing of the plugin's; `moderator` may read users, ban and unban them,
 * make others moderators and list or revoke their sessions. Nobody may impersonate,
 * create, delete or set passwords. The plugin's own HTTP endpoints
 * (`/api/auth/admin/*`) are closed (plugin.ts): moderators act through
 * `/api/moderation/actions`, which writes the plugin's columns (role, ban) in the same
 * transaction as the audit log (moderation/actions.ts); the plugin enforces bans at sign-in.
 */
import { admin } from 'better-auth/plugins/admin';
import { defaultAc } from 'better-auth/plugins/admin/access';

/** The role names Plateful uses. */
export const ROLES = { user: 'user', moderator: 'moderator' } as const;

const user = defaultAc.newRole({ user: [], session: [] });
const moderator = defaultAc.newRole({ user: ['list', 'get', 'ban', 'set-role'], session: ['list', 'revoke'] });

const untilFormat = new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });

/**
 * What a banned person reads when their sign-in is refused (only after the right password):
 * until when, and how to appeal (the ban mail, moderation/actions.ts, says why).
 */
export function suspendedMessage(until: Date | null | undefined): string {
  const span = until ? `until ${untilFormat.format(until)} UTC` : 'for good';
  return `This account is suspended ${span}. To appeal, reply to the email that told you why; a moderator will look at it again.`;
}

/** The admin plugin with Plateful's roles; a banned account's sign-in is refused with {@link suspendedMessage}. */
export function adminPlugin() {
  return admin({
    roles: { user, moderator },
    defaultRole: ROLES.user,
    adminRoles: [ROLES.moderator],
    bannedUserMessage: (u) => suspendedMessage(u.banExpires ? new Date(u.banExpires) : null),
  });
}

/** True when `role` (the plugin's comma-separated roles) includes moderator. */
export function isModeratorRole(role: string | null | undefined): boolean {
  return (role ?? '').split(',').includes(ROLES.moderator);
}
