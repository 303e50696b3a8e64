import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { toastSuccess } from '../../../lib/toast.js';
import { useBlocked, useUnblock } from '../api/safety.js';

/** The people the user blocked, each with 'Unblock' (on the Account page). */
export function BlockedSection() {
  const { data, isPending } = useBlocked();
  const unblock = useUnblock();
  return (
    <section aria-labelledby="blocked-heading" className="flex flex-col gap-3">
      <h2 id="blocked-heading" className="text-2xl font-bold">
        <Trans>Blocked people</Trans>
      </h2>
      {isPending ? null : !data?.length ? (
        <p><Trans>You have not blocked anyone.</Trans></p>
      ) : (
        <ul className="flex flex-col gap-2">
          {data.map((p) => (
            <li key={p._id} className="flex items-center justify-between gap-4 rounded-box bg-base-200 p-3">
              <span className="font-medium">{p.Name}</span>
              <button
                type="button"
                className="btn btn-sm"
                aria-label={t`Unblock ${p.Name}`}
                disabled={unblock.isPending}
                onClick={() => unblock.mutate(p._id, { onSuccess: () => toastSuccess(t`${p.Name} is unblocked.`) })}
              >
                <Trans>Unblock</Trans>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
