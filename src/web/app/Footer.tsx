import { Trans } from '@lingui/react/macro';
import { PRODUCT } from '../lib/title.js';
import { LanguagePicker } from '../ui/LanguagePicker.js';
import { useAuth } from '../features/auth/useAuth.js';

/** Footer of SPEC.md §1, centred on the base background, with the language picker. */
export function Footer() {
  const { user } = useAuth();
  return (
    <footer className="footer footer-center bg-base-200 p-6 text-base-content">
      <LanguagePicker signedIn={!!user} />
      <p>
        <Trans>Copyright © 2024 - All right reserved by {PRODUCT}</Trans>
      </p>
    </footer>
  );
}
