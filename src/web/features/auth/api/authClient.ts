/**
 * The Better Auth actions of the sign-in and account pages under `/api/auth`
 * (DESIGN.md "Identity"): email sign-in and sign-up, starting Google sign-in,
 * password reset by email and the profile update. Run them through `useAuth().track`
 * so the auth state follows (SPEC.md §4). The session read and sign-out, which the
 * app shell needs on every page, live in `session.ts`; this module loads only with
 * the pages that use it (DESIGN.md "Weight budget"). Failures throw `ApiError` whose
 * message is the provider's own (`message` or problem `detail`).
 */
import { ApiError, apiFetch, apiUrl } from '../../../lib/http.js';

/** Registration fields (SPEC.md §2 /register). */
export interface SignUpInput {
  name: string;
  /** Absent when the photo is uploaded after sign-up (uploads need a session). */
  photoURL?: string;
  email: string;
  password: string;
}

/** `POST /api/auth/sign-in/email`; sets the session cookie. */
export async function signInEmail(email: string, password: string): Promise<void> {
  await apiFetch(apiUrl('/auth/sign-in/email'), { method: 'POST', body: { email, password } });
}

/** `POST /api/auth/sign-up/email` with name and photo; signs the new user in. */
export async function signUpEmail({ name, photoURL, email, password }: SignUpInput): Promise<void> {
  await apiFetch(apiUrl('/auth/sign-up/email'), {
    method: 'POST',
    body: { name, email, password, image: photoURL },
  });
}

/** Where Better Auth sends the browser back after Google: on success and on failure (with `?error=`). */
export interface GoogleCallbacks {
  callbackURL: string;
  errorCallbackURL: string;
}

/**
 * `POST /api/auth/sign-in/social` for Google; returns the provider's authorization
 * URL to open. Throws `ApiError` with the server's message, e.g. "Google sign-in is
 * not configured on this server." (404) when GOOGLE_CLIENT_ID/SECRET are unset.
 */
export async function googleSignInUrl(callbacks: GoogleCallbacks): Promise<string> {
  const answer = await apiFetch<{ url?: string } | undefined>(apiUrl('/auth/sign-in/social'), {
    method: 'POST',
    body: { provider: 'google', ...callbacks, disableRedirect: true },
  });
  if (!answer?.url) throw new Error('Google sign-in did not return an address to continue.');
  return answer.url;
}

/**
 * `POST /api/auth/request-password-reset`: mails a link to /reset-password when an
 * account has `email`; the answer is the same either way.
 */
export async function requestPasswordReset(email: string): Promise<void> {
  await apiFetch(apiUrl('/auth/request-password-reset'), { method: 'POST', body: { email, redirectTo: '/reset-password' } });
}

/** Message shown for a reset link that expired (1 hour) or was already used. */
export const RESET_LINK_INVALID = 'This reset link has expired or has already been used. Ask for a new one.';

/**
 * `POST /api/auth/reset-password`: sets `newPassword` for the account of `token`
 * and ends all its sessions. Throws `Error(RESET_LINK_INVALID)` for an expired or
 * used token, else `ApiError` with the server's message.
 */
export async function resetPassword(token: string, newPassword: string): Promise<void> {
  try {
    await apiFetch(apiUrl('/auth/reset-password'), { method: 'POST', body: { token, newPassword } });
  } catch (err) {
    // Better Auth answers 400 "Invalid token" for unknown, expired and used tokens alike.
    if (err instanceof ApiError && err.status === 400 && /invalid token/i.test(err.detail)) throw new Error(RESET_LINK_INVALID, { cause: err });
    throw err;
  }
}

/** `POST /api/auth/update-user`: new display name and photo URL (`null` removes the photo). */
export async function updateProfile(profile: { name: string; image: string | null }): Promise<void> {
  await apiFetch(apiUrl('/auth/update-user'), { method: 'POST', body: profile });
}

/** `POST /api/auth/send-verification-email`: mails a fresh verification link to the signed-in user. */
export async function resendVerificationEmail(email: string): Promise<void> {
  await apiFetch(apiUrl('/auth/send-verification-email'), { method: 'POST', body: { email, callbackURL: '/?verified=1' } });
}

/** `POST /api/auth/change-password`; the server ends every other session and renews this one. */
export async function changePassword(currentPassword: string, newPassword: string): Promise<void> {
  await apiFetch(apiUrl('/auth/change-password'), { method: 'POST', body: { currentPassword, newPassword, revokeOtherSessions: true } });
}

/** `POST /api/auth/delete-user` with the password: deletes the account and everything it listed or requested. */
export async function deleteAccount(password: string): Promise<void> {
  await apiFetch(apiUrl('/auth/delete-user'), { method: 'POST', body: { password } });
}
