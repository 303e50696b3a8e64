import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { uploadImage } from '../../../lib/uploadImage.js';
import { ProfilePhotoUpload } from '../../../ui/ProfilePhotoUpload.js';
import { usePageTitle } from '../../../lib/title.js';
import { toastSuccess } from '../../../lib/toast.js';
import { field, useFormAction } from '../../../lib/useFormAction.js';
import { Field, FormCard } from '../../../ui/FormCard.js';
import { signUpEmail, updateProfile } from '../api/authClient.js';
import { useAuth } from '../useAuth.js';

/**
 * Registration (SPEC.md §2 /register, §4 "Registration"): name, photo URL, email
 * and password, all required; 'Upload photo' may stand in for the photo URL. Success: go to / with the toast 'Register Successful'.
 */
export default function RegisterPage() {
  usePageTitle(t`Register`);
  const { track, refresh } = useAuth();
  // A photo chosen here is uploaded once the account exists (uploads need a session).
  const [photoFile, setPhotoFile] = useState<File>();
  const photoUrlRef = useRef<HTMLInputElement>(null);
  const [, navigate] = useLocation();
  const id = useId();
  const { busy, onSubmit } = useFormAction(async (data) => {
    const input = {
      name: field(data, 'name'),
      photoURL: field(data, 'photoURL'),
      email: field(data, 'email'),
      password: String(data.get('password') ?? ''),
    };
    // An uploaded photo satisfies the photo requirement: sign up without a URL, then upload and set it.
    const upload = photoFile && !input.photoURL ? photoFile : undefined;
    await track(() => signUpEmail(upload ? { ...input, photoURL: undefined } : input));
    if (upload) {
      const { url } = await uploadImage(upload);
      if (photoUrlRef.current) photoUrlRef.current.value = url;
      await updateProfile({ name: input.name, image: url });
      await refresh();
    }
    void navigate('/', { replace: true });
    toastSuccess(t`Register Successful`);
  });

  return (
    <FormCard title={t`Register`}>
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field id={`${id}-name`} label={t`Name`} name="name" type="text" autoComplete="name" required />
        <Field
          id={`${id}-photoURL`}
          ref={photoUrlRef}
          label={t`Photo URL`}
          name="photoURL"
          type="url"
          autoComplete="photo"
          required={!photoFile}
          hint={t`A photo is required: enter its URL here, or upload one below. Either way works.`}
        />
        <ProfilePhotoUpload inputId={`${id}-photoURL`} onFile={setPhotoFile} />
        <Field id={`${id}-email`} label={t`Email`} name="email" type="email" autoComplete="email" required />
        <Field id={`${id}-password`} label={t`Password`} name="password" type="password" autoComplete="new-password" required />
        <button type="submit" className="btn btn-primary w-full" disabled={busy}>
          <Trans>Register</Trans>
        </button>
      </form>
      <p className="text-center">
        <Trans>Already have account?</Trans>{' '}
        <Link to="/login" className="link link-primary font-semibold">
          <Trans>Login</Trans>
        </Link>
      </p>
    </FormCard>
  );
}
