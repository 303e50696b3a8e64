import { HeldItemsNotice } from '../features/account/components/HeldItemsNotice.js';
import { VerifyEmailBanner } from '../features/auth/VerifyEmailBanner.js';

/**
 * The notices only a signed-in user can get, below the navigation bar: verify your
 * address and items held after a takeover. Loaded by Layout
 * only once someone is signed in, so visitors' first page does not carry them.
 */
export default function SignedInNotices() {
  return (
    <>
      <VerifyEmailBanner />
      <HeldItemsNotice />
    </>
  );
}
