import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useState } from 'react';
import { Link } from 'wouter';
import { usePageTitle } from '../../../lib/title.js';
import { useAuth } from '../../auth/useAuth.js';
import { ChangePasswordSection } from '../components/ChangePasswordSection.js';
import { DataSection } from '../components/DataSection.js';
import { SessionsSection } from '../components/SessionsSection.js';
import { BlockedSection } from '../../safety/components/BlockedSection.js';
import { AlertsSection } from '../../alerts/components/AlertsSection.js';
import { LanguagePicker } from '../../../ui/LanguagePicker.js';

/**
 * `/account` (login required): where the user is signed in, with 'Sign
 * out' per device and 'Sign out everywhere else'; change password; 'Download my
 * data'; 'Delete my account'; the people blocked, with 'Unblock'.
 * The language picker (stored on the account). Reached from the Profile page.
 */
export default function AccountPage() {
  usePageTitle(t`Account`);
  const { user } = useAuth();
  const [version, setVersion] = useState(0);
  if (!user) return null;
  return (
    <div className="mx-auto flex w-full max-w-3xl flex-col gap-10">
      <div className="flex flex-col gap-2">
        <h1 className="text-3xl font-bold"><Trans>Account</Trans></h1>
        <p className="break-all">
          <Trans>Signed in as</Trans> <strong>{user.email}</strong> ·{' '}
          <Link to="/profile" className="link link-primary">
            <Trans>Edit profile</Trans>
          </Link>
          {user.role === 'moderator' && (
            <>
              {' · '}
              <Link to="/moderation" className="link link-primary">
                <Trans>Moderation</Trans>
              </Link>
            </>
          )}
        </p>
        <LanguagePicker signedIn />
      </div>
      <SessionsSection version={version} />
      <ChangePasswordSection onChanged={() => setVersion((v) => v + 1)} />
      <AlertsSection />
      <BlockedSection />
      <DataSection />
    </div>
  );
}
