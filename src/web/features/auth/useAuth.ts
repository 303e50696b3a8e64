/** The auth context and its hook (SPEC.md §4 "Auth state"). */
import { createContext, useContext } from 'react';
import type { AppUser } from './api/session.js';

export type { AppUser } from './api/session.js';

/** What the AuthProvider shares: the user, the loading flag and the auth actions. */
export interface AuthValue {
  /** The signed-in user, or null when signed out. */
  user: AppUser | null;
  /** True until the first session answer, and again during every auth action (SPEC.md §4). */
  loading: boolean;
  /**
   * Runs an auth action of `api/authClient.ts` (sign-in, sign-up, Google sign-in,
   * password reset) the SPEC.md §4 way: loading true, the action, then the session
   * re-read; rethrows the action's error (with the provider's message).
   */
  track: (action: () => Promise<void>) => Promise<void>;
  /** Signs out; throws with the provider's message. */
  signOutUser: () => Promise<void>;
  /** The first session answer: the user, or null. For a press that needs to know who is signed in before it came. */
  firstSession: Promise<AppUser | null>;
  /** Re-reads the session from the server. */
  refresh: () => Promise<void>;
}

export const AuthContext = createContext<AuthValue | null>(null);

/** The auth context; only valid below `<AuthProvider>`. */
export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
