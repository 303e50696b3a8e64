import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { toastSuccess } from '../../../lib/toast.js';
import { useAuth } from '../../auth/useAuth.js';
import { useBlocked, useUnblock } from '../api/safety.js';

/**
 * What a food page says when its listing answers 404. When the page still knows the
 * donor and the viewer has blocked them, it says so and offers 'Unblock' (the listing
 * then shows again); otherwise it says the food was not found, and reminds a viewer
 * who has blocked someone that their listings are hidden too.
 */
export function MissingListingNotice({ donor }: { donor?: { _id?: string; Name: string } }) {
  const { user } = useAuth();
  const blocked = useBlocked(Boolean(user));
  const unblock = useUnblock();
  const blockedDonor = donor?._id ? blocked.data?.find((p) => p._id === donor._id) : undefined;

  if (blockedDonor) {
    return (
      <div className="flex flex-col items-center gap-4 py-12 text-center">
        <p className="text-lg">
          <Trans>You blocked {blockedDonor.Name}, so their listings are hidden from you.</Trans>
        </p>
        <div className="flex flex-wrap justify-center gap-3">
          <button
            type="button"
            className="btn btn-outline"
            disabled={unblock.isPending}
            onClick={() => unblock.mutate(blockedDonor._id, { onSuccess: () => toastSuccess(t`${blockedDonor.Name} is unblocked.`) })}
          >
            <Trans>Unblock {blockedDonor.Name}</Trans>
          </button>
          <Link to="/available-foods" className="btn btn-primary">
            <Trans>Browse available foods</Trans>
          </Link>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-col items-center gap-4 py-12 text-center">
      <p className="text-lg"><Trans>This food was not found. It may have been removed by its donor.</Trans></p>
      {blocked.data && blocked.data.length > 0 && (
        <p>
          <Trans>Listings of people you blocked are hidden from you too:</Trans>{' '}
          <Link to="/account" className="link">
            <Trans>see Blocked people on your Account page</Trans>
          </Link>
          .
        </p>
      )}
      <Link to="/available-foods" className="btn btn-primary">
        <Trans>Browse available foods</Trans>
      </Link>
    </div>
  );
}
