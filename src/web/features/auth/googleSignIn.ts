/**
 * Google sign-in in a popup (SPEC.md §1; §9: a 500 × 600 window). The popup goes
 * to Google through Better Auth and comes back to `/auth/popup-done`, which reports
 * on a same-origin BroadcastChannel (the popup loses `window.opener` under the
 * server's Cross-Origin-Opener-Policy once it visits Google) and closes itself.
 * When the browser blocks the popup, the whole page goes to Google instead and
 * comes back to `/auth/popup-done?to=<saved path>`.
 */
import { useEffect, useState } from 'react';
import { apiFetch, apiUrl } from '../../lib/http.js';
import { googleSignInUrl } from './api/authClient.js';
import { fetchSessionUser } from './api/session.js';

/** Channel on which `/auth/popup-done` reports to the page that opened it. */
export const GOOGLE_CHANNEL = 'plateful-google-sign-in';
/** Where Better Auth sends the browser back after Google. */
export const POPUP_DONE_PATH = '/auth/popup-done';
/** Query parameter of `/auth/popup-done` carrying the saved path in a full-page sign-in. */
export const RETURN_PARAM = 'to';
/** Shown when the server has no GOOGLE_CLIENT_ID/SECRET (the server's own 404 says the same). */
export const GOOGLE_NOT_CONFIGURED = 'Google sign-in is not configured on this server.';

/** What `/auth/popup-done` reports: Better Auth's `error` code, null on success. */
export interface GoogleReport {
  error: string | null;
}

/** The one message of a failed Google sign-in (the provider's own text is never shown). */
export const GOOGLE_FAILED = 'Google sign-in failed.';

/** How a Google sign-in ended for the opener. */
export type GoogleOutcome = 'signed-in' | 'redirecting' | 'superseded';

const WIDTH = 500;
const HEIGHT = 600;

/** Opens the empty sign-in popup centred on this window; null when the browser blocks it. */
function openCentredPopup(): Window | null {
  const left = Math.round(window.screenX + (window.outerWidth - WIDTH) / 2);
  const top = Math.round(window.screenY + (window.outerHeight - HEIGHT) / 2);
  return window.open('', 'plateful-google', `popup,width=${WIDTH},height=${HEIGHT},left=${left},top=${top}`);
}

/**
 * The message for a failed Google sign-in: {@link GOOGLE_FAILED} plus the `?error=`
 * code when it looks like one (letters, digits, `_`, `-`, `.`; at most 64). The
 * `error_description` is left out on purpose: whoever crafts the link writes it
 * ("Your account is suspended. Call +1-555-0100…").
 */
export function googleErrorMessage({ error }: GoogleReport): string {
  return error && /^[\w.-]{1,64}$/.test(error) ? `${GOOGLE_FAILED} (${error})` : GOOGLE_FAILED;
}

/** Sends `report` to the page that opened this popup. */
export function reportToOpener(report: GoogleReport): void {
  const channel = new BroadcastChannel(GOOGLE_CHANNEL);
  channel.postMessage(report);
  channel.close();
}

let supersede: (() => void) | null = null;

/** Waits for the next report on the channel; a newer sign-in supersedes an older wait. */
function nextReport(): Promise<GoogleReport | 'superseded'> {
  supersede?.();
  return new Promise((resolve) => {
    const channel = new BroadcastChannel(GOOGLE_CHANNEL);
    const finish = (value: GoogleReport | 'superseded') => {
      channel.close();
      supersede = null;
      resolve(value);
    };
    supersede = () => finish('superseded');
    channel.onmessage = (e: MessageEvent<GoogleReport>) => finish(e.data);
  });
}

/**
 * Whether the server offers Google sign-in (`GET /api/auth-providers`): null until
 * it answers, or when it cannot be asked (the sign-in call then tells).
 */
export function useGoogleOffered(): boolean | null {
  const [offered, setOffered] = useState<boolean | null>(null);
  useEffect(() => {
    const abort = new AbortController();
    apiFetch<{ google: boolean }>(apiUrl('/auth-providers'), { signal: abort.signal }).then(
      (answer) => setOffered(answer.google),
      () => undefined,
    );
    return () => abort.abort();
  }, []);
  return offered;
}

/**
 * Runs Google sign-in; call it straight from the click, before any await, so the
 * browser allows the popup. Resolves 'signed-in' once the popup reports success
 * (the session cookie is then set), 'redirecting' when a blocked popup made the page
 * itself go to Google (coming back to `returnTo`), 'superseded' when a newer
 * sign-in started first. Throws `Error(GOOGLE_NOT_CONFIGURED)` when `offered` is
 * false, the server's message when it refuses to start, and the message of
 * {@link googleErrorMessage} when Google refused.
 */
export async function googleSignIn(returnTo: string, offered: boolean | null): Promise<GoogleOutcome> {
  if (offered === false) throw new Error(GOOGLE_NOT_CONFIGURED);
  const popup = openCentredPopup();
  if (!popup) {
    const back = `${POPUP_DONE_PATH}?${new URLSearchParams({ [RETURN_PARAM]: returnTo })}`;
    window.location.assign(await googleSignInUrl({ callbackURL: back, errorCallbackURL: back }));
    return 'redirecting';
  }
  const report = nextReport();
  try {
    popup.location.href = await googleSignInUrl({ callbackURL: POPUP_DONE_PATH, errorCallbackURL: POPUP_DONE_PATH });
  } catch (err) {
    supersede?.();
    popup.close();
    throw err;
  }
  const result = await report;
  if (result === 'superseded') return result;
  // The popup closes itself; this covers browsers that keep it open.
  popup.close();
  if (result.error) throw new Error(googleErrorMessage(result));
  // Anyone can open /auth/popup-done: success is only what the server's session says.
  if (!(await fetchSessionUser())) throw new Error(GOOGLE_FAILED);
  return 'signed-in';
}
