/**
 * Profile rules for the user's display name and photo URL (SPEC.md §3 User:
 * displayName, photoURL). SPEC.md §5 only says both are required at registration;
 * the limits here are ours (`LIMITS` of the contract): a name of 1–120 characters
 * on one line (no control characters),
 * and a photo that is an http(s) URL, because it is shown as an image to other users.
 */
import { APIError } from 'better-auth/api';
import { HttpUrl, LIMITS, ONE_LINE_FORBIDDEN } from '../../contract/index.js';
import { isOwnNonImageUrl } from '../images/urls.js';

/**
 * Checks the `name` and `image` fields present in `data` (absent fields are not
 * checked, so partial updates pass). `image: null` removes the photo and is allowed.
 * A photo on one of `ownOrigins` (Plateful itself) must be one of its image paths.
 * @returns the message for the first bad field, or null when both are fine.
 */
export function profileProblem(data: { name?: unknown; image?: unknown }, ownOrigins: Set<string> = new Set()): string | null {
  if (data.name !== undefined) {
    if (typeof data.name !== 'string' || data.name.trim().length === 0 || data.name.length > LIMITS.name) {
      return `Name must be 1 to ${LIMITS.name} characters.`;
    }
    // The contract's one-line rule: a name is quoted in mails and pages.
    if (ONE_LINE_FORBIDDEN.test(data.name)) return 'Name must be one line without control characters.';
  }
  if (data.image !== undefined && data.image !== null) {
    if (typeof data.image !== 'string' || !HttpUrl.safeParse(data.image).success) {
      return 'Photo URL must be an http:// or https:// URL.';
    }
    if (isOwnNonImageUrl(data.image, ownOrigins)) return 'Photo URL must be an image of this site (/api/images/… or /images/…) when it points at this site.';
  }
  return null;
}

/**
 * Better Auth database hook body: throws a 400 `APIError` (code `INVALID_PROFILE`)
 * when `data` breaks a profile rule, so sign-up and POST /api/auth/update-user
 * answer `{ code, message }` with the rule's message.
 */
export function assertProfile(data: { name?: unknown; image?: unknown }, ownOrigins?: Set<string>): void {
  const message = profileProblem(data, ownOrigins);
  if (message) throw new APIError('BAD_REQUEST', { code: 'INVALID_PROFILE', message });
}
