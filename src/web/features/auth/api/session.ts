/**
 * The session read of Better Auth (`/api/auth/get-session`, DESIGN.md "Identity")
 * with sign-out and the session sync calls of SPEC.md §4/§7: what the app shell
 * (auth state, navbar) needs on every page. The other auth actions live in
 * `authClient.ts`, loaded with the pages that use them. Failures throw `ApiError`.
 */
import type { SessionSyncResult } from '../../../../contract/index.js';
import { apiFetch, apiUrl } from '../../../lib/http.js';

/** The signed-in user as the spec names it (SPEC.md §3 User). */
export interface AppUser {
  /** The user id (own content, blocks). */
  id: string;
  /** `user` or `moderator`. */
  role: string;
  email: string;
  displayName: string;
  photoURL: string;
  /** Whether the address was confirmed through the mailed link. */
  emailVerified: boolean;
}

interface AuthUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  emailVerified?: boolean;
  role?: string | null;
}

/** Maps Better Auth's user to the spec's `{email, displayName, photoURL}`. */
export function toAppUser(user: AuthUser): AppUser {
  return {
    id: user.id,
    role: user.role ?? 'user',
    email: user.email,
    displayName: user.name,
    photoURL: user.image ?? '',
    emailVerified: user.emailVerified ?? false,
  };
}

/** `GET /api/auth/get-session` → the current user, or null when signed out. */
export async function fetchSessionUser(): Promise<AppUser | null> {
  const session = await apiFetch<{ user: AuthUser } | null>(apiUrl('/auth/get-session'));
  return session?.user ? toAppUser(session.user) : null;
}

/** Session sync after a user appears: `POST /api/jwt {email}` (SPEC.md §4). */
export function syncSignIn(email: string): Promise<SessionSyncResult> {
  return apiFetch<SessionSyncResult>(apiUrl('/jwt'), { method: 'POST', body: { email } });
}

/** Session sync after the user disappears: `GET /api/logout` (SPEC.md §4). */
export function syncSignOut(): Promise<SessionSyncResult> {
  return apiFetch<SessionSyncResult>(apiUrl('/logout'));
}

/** `POST /api/auth/sign-out`; clears the session cookie. */
export async function signOutSession(): Promise<void> {
  await apiFetch(apiUrl('/auth/sign-out'), { method: 'POST', body: {} });
}
