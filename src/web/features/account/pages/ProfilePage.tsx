import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { lazy, Suspense, useId } from 'react';
import { Link } from 'wouter';
import { LIMITS } from '../../../../contract/limits.js';
import { updateProfile } from '../../auth/api/authClient.js';
import { useAuth } from '../../auth/useAuth.js';
import { Field, FormCard } from '../../../ui/FormCard.js';
import { Avatar } from '../../../ui/Avatar.js';
import { ProfilePhotoUpload } from '../../../ui/ProfilePhotoUpload.js';
import { useMyImpact } from '../../impact/api/myImpact.js';
import ImpactSection from '../../impact/components/ImpactSection.js';
import { usePageTitle } from '../../../lib/title.js';
import { toastSuccess } from '../../../lib/toast.js';
import { field, useFormAction } from '../../../lib/useFormAction.js';

// Its own chunk: the place finder it shares with Available Foods stays out of the entry's preload map.
const HomeAreaSection = lazy(() => import('../../places/components/HomeAreaSection.js'));

/**
 * `/profile` (login required): the signed-in user changes the display name and
 * photo URL set at registration (SPEC.md §3 User, §4 "Registration"). Saving
 * updates the navbar avatar at once; the server stamps new listings and requests
 * with the new name and photo. Success: toast 'Profile Updated'; failure: an error
 * toast with the error's message (SPEC.md §8 "profile-update failure"). Below the
 * form, the home area of the Near search and the person's own impact
 * figures.
 */
export default function ProfilePage() {
  usePageTitle(t`Profile`);
  const { user, refresh } = useAuth();
  const id = useId();
  const impact = useMyImpact(user?.email);
  const { busy, onSubmit } = useFormAction(async (data) => {
    const photo = field(data, 'photoURL');
    await updateProfile({ name: field(data, 'name'), image: photo || null });
    await refresh();
    toastSuccess(t`Profile Updated`);
  });
  if (!user) return null;

  return (
    <FormCard title={t`Profile`}>
      <div className="flex items-center gap-4">
        <Avatar name={user.displayName} src={user.photoURL} size={64} decorative eager className="h-16 w-16 text-2xl" />
        <p className="break-all">
          <Trans>Signed in as</Trans> <strong>{user.email}</strong>
        </p>
      </div>
      {/* Keyed by the saved values, so the fields show them again after a save. */}
      <form key={`${user.displayName}|${user.photoURL}`} onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field id={`${id}-name`} label={t`Name`} name="name" type="text" autoComplete="name" required maxLength={LIMITS.name} defaultValue={user.displayName} />
        <Field
          id={`${id}-photo`}
          label={t`Photo URL`}
          name="photoURL"
          type="url"
          autoComplete="photo"
          defaultValue={user.photoURL}
          hint={t`An http:// or https:// address of an image. Leave empty to show your initial instead.`}
        />
        <ProfilePhotoUpload inputId={`${id}-photo`} />
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          <Trans>Save Profile</Trans>
        </button>
      </form>
      <Suspense fallback={null}>
        <HomeAreaSection userId={user.id} />
      </Suspense>
      {impact.data && <ImpactSection data={impact.data} mine />}
      <Link to="/account" className="link link-primary text-center">
        <Trans>Account: devices, password and your data</Trans>
      </Link>
    </FormCard>
  );
}
