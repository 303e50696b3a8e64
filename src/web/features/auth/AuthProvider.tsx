import { t } from '@lingui/core/macro';
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../../lib/http.js';
import { ownerChanged, savedUser, saveUser } from '../../lib/savedAnswers.js';
import { unauthorized, userChanged } from '../../lib/sessionEvents.js';
import { toastError } from '../../lib/toast.js';
import { firstPaint } from '../../lib/firstPaint.js';
import { fetchSessionUser, signOutSession, syncSignIn, syncSignOut, type AppUser } from './api/session.js';
import { AuthContext, type AuthValue } from './useAuth.js';

/**
 * Holds the auth state of SPEC.md §4: `loading` starts true and turns false after
 * the first session answer; every auth action sets it true again. When a user
 * appears the server is asked to confirm the session (`POST /api/jwt`); when the
 * user disappears, or none exists on load, it is asked to clear it (`GET /api/logout`).
 * Both answers are only logged. Without network, the last session answer stands (lib/savedAnswers.ts).
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<AppUser | null>(null);
  const [loading, setLoading] = useState(true);

  const readSession = useCallback(
    () =>
      fetchSessionUser().then(
        (sessionUser) => {
          saveUser(sessionUser);
          return sessionUser;
        },
        (err: unknown) => {
          console.error(err);
          // Offline: the last session answer keeps the person signed in for what was saved.
          return err instanceof ApiError && err.status === 0 ? savedUser<AppUser>() : null;
        },
      ),
    [],
  );

  const refresh = useCallback(async () => {
    setUser(await readSession());
    setLoading(false);
  }, [readSession]);

  // The first session answer ends the initial loading state (SPEC.md §4); it is asked for once the page's first render
  // has painted (lib/firstPaint.ts), so it does not hold up what the page shows first.
  const [firstSession] = useState(() => firstPaint.then(readSession));
  useEffect(() => {
    let active = true;
    void firstSession.then((sessionUser) => {
      if (!active) return;
      setUser(sessionUser);
      setLoading(false);
    });
    return () => {
      active = false;
    };
  }, [firstSession]);

  // Whether someone is signed in and no auth action (a logout) is under way: a session that
  // ends then was ended elsewhere (another device, a moderator), and the person is told.
  const signedInIdle = useRef(false);
  useEffect(() => {
    signedInIdle.current = Boolean(user) && !loading;
  }, [user, loading]);

  // A 401 from the API (or the live stream's end of the session) means the session is gone:
  // sign out locally (SPEC.md §8), saying so when it was not the person's own logout.
  useEffect(
    () =>
      unauthorized.on(() => {
        if (signedInIdle.current) toastError(t`You were signed out. Please log in again.`);
        signedInIdle.current = false;
        setUser(null);
        setLoading(false);
      }),
    [],
  );

  // Session sync (SPEC.md §4), once per change of signed-in email.
  const synced = useRef<string | null | undefined>(undefined);
  useEffect(() => {
    if (loading) return;
    const email = user?.email ?? null;
    if (synced.current === email) return;
    synced.current = email;
    ownerChanged(email);
    userChanged.emit(email);
    if (email) syncSignIn(email).then(console.log, console.error);
    else syncSignOut().then(console.log, console.error);
  }, [user, loading]);

  const runAction = useCallback(
    async (action: () => Promise<void>) => {
      setLoading(true);
      try {
        await action();
      } catch (err) {
        setLoading(false);
        throw err;
      }
      await refresh();
    },
    [refresh],
  );

  const value = useMemo<AuthValue>(
    () => ({
      user,
      loading,
      refresh,
      firstSession,
      signOutUser: () => runAction(signOutSession),
      track: runAction,
    }),
    [user, loading, refresh, firstSession, runAction],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
