import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
import { Link } from 'wouter';
import { PRODUCT } from '../lib/title.js';
import { LanguagePicker } from '../ui/LanguagePicker.js';
import { useAuth } from '../features/auth/useAuth.js';

/**
 * Footer of SPEC.md §1, centred on the base background, with the language picker and the
 * pages beyond the spec's five bar links (Wanted posts, docs/api.md "Wanted posts").
 */
export function Footer() {
  const { user } = useAuth();
  return (
    <footer className="footer footer-center grid-flow-row bg-base-200 p-6 text-base-content sm:grid-flow-col">
      <nav aria-label={t`More`}>
        <Link to="/wanted" className="link">
          <Trans>Wanted posts: ask for food you need</Trans>
        </Link>
      </nav>
      <LanguagePicker signedIn={!!user} />
      <p>
        <Trans>Copyright © 2024 - All right reserved by {PRODUCT}</Trans>
      </p>
    </footer>
  );
}
