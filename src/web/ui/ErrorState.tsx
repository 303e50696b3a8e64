/** A readable message for a query that failed after its retries, with a 'Try again' button; offline, it says why. */
import { Trans } from '@lingui/react/macro';
export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="flex flex-col items-center gap-4 py-12 text-center">
      <p className="text-lg">{message}</p>
      {!navigator.onLine && <p><Trans>You are offline, and this was not saved on this device.</Trans></p>}
      {onRetry && (
        <button type="button" className="btn btn-outline" onClick={onRetry}>
          <Trans>Try again</Trans>
        </button>
      )}
    </div>
  );
}
