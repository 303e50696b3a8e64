import { HeldItemsNotice } from '../features/account/components/HeldItemsNotice.js';
import { VerifyEmailBanner } from '../features/auth/VerifyEmailBanner.js';

/**
 * The notices only a signed-in user can get, below the navigation bar: verify your
 * address (issue 13) and items held after a takeover (issue 17). Loaded by Layout
 * only once someone is signed in, so visitors' first page does not carry them (issue 21).
 */
export default function SignedInNotices() {
  return (
    <>
      <VerifyEmailBanner />
      <HeldItemsNotice />
    </>
  );
}
