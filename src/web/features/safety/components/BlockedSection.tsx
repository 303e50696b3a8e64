import { toastSuccess } from '../../../lib/toast.js';
import { useBlocked, useUnblock } from '../api/safety.js';

/** The people the user blocked, each with 'Unblock' (on the Account page). */
export function BlockedSection() {
  const { data, isPending } = useBlocked();
  const unblock = useUnblock();
  return (
    <section aria-labelledby="blocked-heading" className="flex flex-col gap-3">
      <h2 id="blocked-heading" className="text-2xl font-bold">
        Blocked people
      </h2>
      {isPending ? null : !data?.length ? (
        <p>You have not blocked anyone.</p>
      ) : (
        <ul className="flex flex-col gap-2">
          {data.map((p) => (
            <li key={p._id} className="flex items-center justify-between gap-4 rounded-box bg-base-200 p-3">
              <span className="font-medium">{p.Name}</span>
              <button
                type="button"
                className="btn btn-sm"
                aria-label={`Unblock ${p.Name}`}
                disabled={unblock.isPending}
                onClick={() => unblock.mutate(p._id, { onSuccess: () => toastSuccess(`${p.Name} is unblocked.`) })}
              >
                Unblock
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
