import { useId, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { useAuth } from '../useAuth.js';
import { updateProfile } from '../api/authClient.js';
import { uploadImage } from '../../../lib/uploadImage.js';
import { ProfilePhotoUpload } from '../../../ui/ProfilePhotoUpload.js';
import { usePageTitle } from '../../../lib/title.js';
import { toastError, toastSuccess } from '../../../lib/toast.js';

/**
 * Registration (SPEC.md §2 /register, §4 "Registration"): name, photo URL, email
 * and password, all required; 'Upload photo' may stand in for the photo URL (issue 12). Success: go to / with the toast 'Register Successful'.
 */
export default function RegisterPage() {
  usePageTitle('Register');
  const { signUp, refresh } = useAuth();
  // Issue 12: a photo chosen here is uploaded once the account exists (uploads need a session).
  const [photoFile, setPhotoFile] = useState<File>();
  const navigate = useNavigate();
  const id = useId();
  const [busy, setBusy] = useState(false);

  async function handleSubmit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const field = (name: string) => String(data.get(name) ?? '');
    setBusy(true);
    try {
      await signUp({
        name: field('name').trim(),
        photoURL: field('photoURL').trim(),
        email: field('email').trim(),
        password: field('password'),
      });
      if (photoFile) {
        const { url } = await uploadImage(photoFile);
        await updateProfile({ name: field('name').trim(), image: url });
        await refresh();
      }
      void navigate('/', { replace: true });
      toastSuccess('Register Successful');
    } catch (err) {
      toastError(err instanceof Error ? err.message : String(err));
    } finally {
      setBusy(false);
    }
  }

  const fields = [
    { name: 'name', label: 'Name', type: 'text', autoComplete: 'name' },
    { name: 'photoURL', label: 'Photo URL', type: 'url', autoComplete: 'photo' },
    { name: 'email', label: 'Email', type: 'email', autoComplete: 'email' },
    { name: 'password', label: 'Password', type: 'password', autoComplete: 'new-password' },
  ] as const;

  return (
    <div className="mx-auto w-full max-w-md">
      <div className="card border border-base-200 bg-base-100 shadow-lg">
        <div className="card-body gap-5">
          <h1 className="text-center text-3xl font-bold">Register</h1>
          <form onSubmit={(e) => void handleSubmit(e)} className="flex flex-col gap-4">
            {fields.map((f) => (
              <div key={f.name} className="flex flex-col gap-1">
                <label htmlFor={`${id}-${f.name}`} className="font-medium">
                  {f.label}
                </label>
                <input
                  id={`${id}-${f.name}`}
                  name={f.name}
                  type={f.type}
                  autoComplete={f.autoComplete}
                  required={!(f.name === 'photoURL' && photoFile)}
                  className="input input-bordered w-full"
                />
              </div>
            ))}
            <ProfilePhotoUpload inputId={`${id}-photoURL`} onFile={setPhotoFile} />
            <button type="submit" className="btn btn-primary w-full" disabled={busy}>
              Register
            </button>
          </form>
          <p className="text-center">
            Already have account?{' '}
            <Link to="/login" className="link link-primary font-semibold">
              Login
            </Link>
          </p>
        </div>
      </div>
    </div>
  );
}
