import { Trans } from '@lingui/react/macro';
import { t } from '@lingui/core/macro';

/**
 * A turning arc in the current text colour (still when the person asks for reduced motion), of
 * Tailwind's utilities alone: the frame's stylesheet holds no daisyUI `loading`. `className` sets
 * its size, border width and colour. Decorative: `aria-hidden`.
 */
export function Ring({ className }: { className: string }) {
  return (
    <span
      className={`inline-block animate-spin rounded-full border-current border-e-transparent motion-reduce:animate-none ${className}`}
      aria-hidden="true"
    />
  );
}

/**
 * Loading indicator with an accessible name 'Loading' (role="status").
 * `fullPage` fills the viewport below the navbar (SPEC.md §2 "full-page spinner").
 */
export function Spinner({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <div
      role="status"
      aria-label={t`Loading`}
      className={`flex items-center justify-center ${fullPage ? 'min-h-[60vh]' : 'py-12'}`}
    >
      <Ring className="size-10 border-4 text-primary" />
      <span className="sr-only">
        <Trans>Loading</Trans>
      </span>
    </div>
  );
}
