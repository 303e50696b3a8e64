import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { AccountSession } from '../../../../contract/index.js';
import { formatWhen } from '../../../lib/datetime.js';
import { toastSuccess, toastFailure } from '../../../lib/toast.js';
import { fetchSessions, revokeOtherSessions, revokeSession } from '../api/account.js';
import { Ring } from '../../../ui/Spinner.js';

/** A short, readable name of the browser and system in a User-Agent string. */
export function deviceName(userAgent: string): string {
  if (!userAgent) return t`Unknown device`;
  const browser = /Edg\//.test(userAgent)
    ? t`Edge`
    : /Firefox\//.test(userAgent)
      ? t`Firefox`
      : /Chrom(e|ium)\//.test(userAgent)
        ? t`Chrome`
        : /Safari\//.test(userAgent)
          ? t`Safari`
          : null;
  const system = /Android/.test(userAgent)
    ? t`Android`
    : /iPhone|iPad/.test(userAgent)
      ? 'iOS'
      : /Windows/.test(userAgent)
        ? t`Windows`
        : /Mac OS X/.test(userAgent)
          ? 'macOS'
          : /Linux/.test(userAgent)
            ? t`Linux`
            : null;
  return browser && system ? t`${browser} on ${system}` : userAgent.slice(0, 60);
}

/**
 * The user's signed-in browsers: device, address and last activity,
 * 'Sign out' for each other one and 'Sign out everywhere else'. `version` reloads
 * the list (after a password change, which ends the others).
 */
export function SessionsSection({ version }: { version: number }) {
  const [sessions, setSessions] = useState<AccountSession[] | null>(null);
  const [busy, setBusy] = useState(false);

  const [reloads, setReloads] = useState(0);

  useEffect(() => {
    let active = true;
    fetchSessions().then(
      (list) => active && setSessions(list),
      (err: unknown) => toastFailure(err),
    );
    return () => {
      active = false;
    };
  }, [version, reloads]);

  async function run(action: () => Promise<unknown>, done: string) {
    setBusy(true);
    try {
      await action();
      toastSuccess(done);
      setReloads((n) => n + 1);
    } catch (err) {
      toastFailure(err);
    } finally {
      setBusy(false);
    }
  }

  const others = sessions?.filter((s) => !s.Current) ?? [];
  return (
    <section aria-labelledby="sessions-heading" className="flex flex-col gap-3">
      <h2 id="sessions-heading" className="text-xl font-semibold">
        <Trans>Where you are signed in</Trans>
      </h2>
      {sessions === null ? (
        <span role="status" aria-label={t`Loading sessions`}><Ring className="size-6 border-[3px]" /></span>
      ) : (
        <ul className="flex flex-col divide-y divide-base-200 rounded-box border border-base-200" aria-label={t`Sessions`}>
          {sessions.map((s) => (
            <li key={s._id} className="flex flex-wrap items-center gap-3 p-3">
              <div className="flex-1">
                <p className="font-medium">
                  {deviceName(s.UserAgent)}
                  {s.Current && <span className="badge badge-success ms-2"><Trans>This device</Trans></span>}
                </p>
                <p className="text-sm text-base-content/70">
                  {s.IpAddress || t`Unknown address`} <Trans>· Last active</Trans> {formatWhen(s.LastActiveAt)}
                </p>
              </div>
              {!s.Current && (
                <button
                  type="button"
                  className="btn btn-sm btn-outline"
                  disabled={busy}
                  aria-label={t`Sign out ${deviceName(s.UserAgent)}, last active ${formatWhen(s.LastActiveAt)}`}
                  onClick={() => void run(() => revokeSession(s._id), 'Signed out that device')}
                >
                  <Trans>Sign out</Trans>
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      <div>
        <button
          type="button"
          className="btn btn-outline"
          disabled={busy || others.length === 0}
          onClick={() => void run(revokeOtherSessions, 'Signed out everywhere else')}
        >
          <Trans>Sign out everywhere else</Trans>
        </button>
      </div>
    </section>
  );
}
