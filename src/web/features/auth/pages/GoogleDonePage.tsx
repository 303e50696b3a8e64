import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { fetchSessionUser } from '../api/session.js';
import { GOOGLE_FAILED, googleErrorMessage, reportToOpener, RETURN_PARAM } from '../googleSignIn.js';
import { safePath } from '../savedPath.js';
import { usePageTitle } from '../../../lib/title.js';
import { toastError, toastSuccess } from '../../../lib/toast.js';

/** Toast id: one toast even when the effect runs twice (StrictMode). */
const TOAST_ID = 'google-sign-in';

/**
 * `/auth/popup-done`, where Better Auth sends the browser back from Google
 * (`?error=` on failure). In the popup it reports to the opener and closes itself.
 * After a full-page sign-in (`?to=<saved path>`) it shows 'Login Successful' and
 * goes to the saved path (SPEC.md §4 "Login"), or back to /login with the error.
 */
export default function GoogleDonePage() {
  usePageTitle(t`Google Sign-In`);
  // useSearch, not useSearchParams, which would add to the entry chunk (DESIGN.md "Weight budget").
  const params = new URLSearchParams(useSearch());
  const [, navigate] = useLocation();
  const error = params.get('error');
  const returnTo = params.get(RETURN_PARAM);

  useEffect(() => {
    if (returnTo === null) {
      reportToOpener({ error });
      window.close();
      return;
    }
    const to = safePath(returnTo);
    const fail = (message: string) => {
      toastError(message, { id: TOAST_ID });
      void navigate('/login', { replace: true, state: { from: to } });
    };
    if (error) {
      fail(googleErrorMessage({ error }));
      return;
    }
    // No success without a session: anyone can open this page.
    let active = true;
    fetchSessionUser().then(
      (user) => {
        if (!active) return;
        if (!user) return fail(GOOGLE_FAILED);
        // This page was a full page load after Google, so the app has read the same session.
        toastSuccess(t`Login Successful`, { id: TOAST_ID });
        void navigate(to, { replace: true });
      },
      () => active && fail(GOOGLE_FAILED),
    );
    return () => {
      active = false;
    };
  }, [error, returnTo, navigate]);

  return (
    <p role="status" className="py-12 text-center text-lg">
      <Trans>Finishing Google sign-in… You can close this window.</Trans>
    </p>
  );
}
