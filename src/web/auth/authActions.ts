/**
 * Plain-fetch calls to Better Auth's actions under `/api/auth` (DESIGN.md
 * "Identity"). Loaded on the first auth action, so they are not part of the home
 * page's initial JS (DESIGN.md "Weight budget"). Failures throw `ApiError` whose
 * message is the provider's own (`message` or problem `detail`).
 */
import { apiFetch, apiUrl } from '../api/http.js';
import type { SignUpInput } from './authApi.js';

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

/** `POST /api/auth/sign-out`; clears the session cookie. */
export async function signOutSession(): Promise<void> {
  await apiFetch(apiUrl('/auth/sign-out'), { method: 'POST', body: {} });
}
