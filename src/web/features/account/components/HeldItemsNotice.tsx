import { plural, t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useEffect, useState } from 'react';
import type { HeldItems } from '../../../../contract/index.js';
import { toastFailure, toastSuccess } from '../../../lib/toast.js';
import { useAuth } from '../../auth/useAuth.js';
import { deleteHeld, fetchHeld, keepHeld } from '../api/account.js';

/**
 * The notice after Google sign-in took over an account whose address
 * had never been verified: someone may have made its listings and requests before
 * the owner. They are hidden from everyone else until the owner keeps or deletes
 * them here. Shown on every page while anything is held; loads once per user.
 */
export function HeldItemsNotice() {
  const { user } = useAuth();
  const email = user?.email;
  const [loaded, setLoaded] = useState<{ email: string; items: HeldItems } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!email) return;
    let live = true;
    fetchHeld().then(
      (items) => live && setLoaded({ email, items }),
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, [email]);

  const held = loaded && loaded.email === email ? loaded.items : null;
  if (!email || !held || held.Foods.length + held.Requests.length === 0) return null;

  async function decide(keep: boolean) {
    setBusy(true);
    try {
      await (keep ? keepHeld() : deleteHeld());
      toastSuccess(keep ? t`They are shown again, under your name.` : t`They have been deleted.`);
      setLoaded({ email: email!, items: { Foods: [], Requests: [] } });
    } catch (err) {
      toastFailure(err);
    } finally {
      setBusy(false);
    }
  }

  const what = [held.Foods.length ? plural(held.Foods.length, { one: '# listing', other: '# listings' }) : '', held.Requests.length ? plural(held.Requests.length, { one: '# request', other: '# requests' }) : '']
    .filter(Boolean)
    .join(t` and `);
  return (
    <section aria-label={t`Review your account`} className="border-b border-amber-200 bg-amber-50 text-amber-950">
      <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-3 px-4 py-2 sm:px-6 lg:px-8">
        <p className="flex-1">
          <Trans>Before you signed in with Google, someone used your address here and made {what}. They are hidden until you decide:
          keep them as yours, or delete them.</Trans>
        </p>
        <button type="button" className="btn btn-sm btn-outline border-amber-900 text-amber-950" onClick={() => void decide(true)} disabled={busy}>
          <Trans>Keep them</Trans>
        </button>
        <button type="button" className="btn btn-sm bg-amber-900 text-white hover:bg-amber-950" onClick={() => void decide(false)} disabled={busy}>
          <Trans>Delete them</Trans>
        </button>
      </div>
    </section>
  );
}
