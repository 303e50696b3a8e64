import { useId } from 'react';
import { Link, useNavigate } from 'react-router';
import { usePageTitle } from '../../../lib/title.js';
import { toastSuccess } from '../../../lib/toast.js';
import { field, useFormAction } from '../../../lib/useFormAction.js';
import { Field, FormCard } from '../../../ui/FormCard.js';
import { signUpEmail } from '../api/authClient.js';
import { useAuth } from '../useAuth.js';

/**
 * Registration (SPEC.md §2 /register, §4 "Registration"): name, photo URL, email
 * and password, all required. Success: go to / with the toast 'Register Successful'.
 */
export default function RegisterPage() {
  usePageTitle('Register');
  const { track } = useAuth();
  const navigate = useNavigate();
  const id = useId();
  const { busy, onSubmit } = useFormAction(async (data) => {
    const input = {
      name: field(data, 'name'),
      photoURL: field(data, 'photoURL'),
      email: field(data, 'email'),
      password: String(data.get('password') ?? ''),
    };
    await track(() => signUpEmail(input));
    void navigate('/', { replace: true });
    toastSuccess('Register Successful');
  });

  return (
    <FormCard title="Register">
      <form onSubmit={onSubmit} className="flex flex-col gap-4">
        <Field id={`${id}-name`} label="Name" name="name" type="text" autoComplete="name" required />
        <Field id={`${id}-photoURL`} label="Photo URL" name="photoURL" type="url" autoComplete="photo" required />
        <Field id={`${id}-email`} label="Email" name="email" type="email" autoComplete="email" required />
        <Field id={`${id}-password`} label="Password" name="password" type="password" autoComplete="new-password" required />
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
    </FormCard>
  );
}
