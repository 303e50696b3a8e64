/** A readable message for a query that failed after its retries, with a 'Try again' button; offline, it says why. */
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-12 text-center">
      <p className="text-lg">{message}</p>
      {!navigator.onLine && <p>You are offline, and this was not saved on this device.</p>}
      {onRetry && (
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
