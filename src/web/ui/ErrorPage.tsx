import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';

/**
 * The root error page style of SPEC.md §2: a heading, a short explanation and a
 * 'GO TO HOMEPAGE' link (the unknown route's texts: ui/NotFound.tsx).
 */
export function ErrorPage({ heading, message }: { heading: string; message: string }) {
  return (
    <section className="flex min-h-[60vh] flex-col items-center justify-center gap-6 py-16 text-center">
      <h1 className="text-4xl font-extrabold text-indigo-700 sm:text-5xl">{heading}</h1>
      <p className="max-w-xl text-lg">{message}</p>
      <Link to="/" className="btn btn-primary">
        <Trans>GO TO HOMEPAGE</Trans>
      </Link>
    </section>
  );
}
