/**
 * Loading indicator with an accessible name 'Loading' (role="status").
 * `fullPage` fills the viewport below the navbar (SPEC.md §2 "full-page spinner").
 */
import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';
export function Spinner({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <div
      role="status"
      aria-label={t`Loading`}
      className={`flex items-center justify-center ${fullPage ? 'min-h-[60vh]' : 'py-12'}`}
    >
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">
        <Trans>Loading</Trans>
      </span>
    </div>
  );
}
