/**
 * Loading indicator with an accessible name 'Loading' (role="status").
 * `fullPage` fills the viewport below the navbar (SPEC.md §2 "full-page spinner").
 */
export function Spinner({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <div
      role="status"
      aria-label="Loading"
      className={`flex items-center justify-center ${fullPage ? 'min-h-[60vh]' : 'py-12'}`}
    >
      <span className="loading loading-spinner loading-lg text-primary" aria-hidden="true" />
      <span className="sr-only">Loading</span>
    </div>
  );
}
