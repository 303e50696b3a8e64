/**
 * Roles of Better Auth's admin plugin (issue 19, DESIGN.md "Moderation"): `user`
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

/** The admin plugin with Plateful's roles; a banned account's sign-in is refused with this message. */
export function adminPlugin() {
  return admin({
    roles: { user, moderator },
    defaultRole: ROLES.user,
    adminRoles: [ROLES.moderator],
    bannedUserMessage: 'This account is suspended.',
  });
}

/** True when `role` (the plugin's comma-separated roles) includes moderator. */
export function isModeratorRole(role: string | null | undefined): boolean {
  return (role ?? '').split(',').includes(ROLES.moderator);
}
