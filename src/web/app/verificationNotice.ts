import { t } from '@lingui/core/macro';
import { toastError, toastSuccess } from '../lib/toast.js';

/**
 * The mailed verification link came back to `/?verified=1` (with `error=` when it failed): says so
 * once in a toast and takes the two parameters out of the address. Its own chunk, with the `common`
 * catalog (app/Layout.tsx loads it only for such an address).
 */
export function announceVerification(): void {
  const params = new URLSearchParams(window.location.search);
  if (params.get('error')) toastError(t`This verification link has expired or was already used. Send a new one from the banner after you log in.`);
  else toastSuccess(t`Email verified. Thank you!`);
  params.delete('verified');
  params.delete('error');
  const rest = params.toString();
  window.history.replaceState(window.history.state, '', `${window.location.pathname}${rest ? `?${rest}` : ''}${window.location.hash}`);
}
