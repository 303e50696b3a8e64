import { t } from '@lingui/core/macro';
import type { RequestStatus } from '../../../../contract/index.js';

const STYLE: Record<RequestStatus, string> = {
  Pending: 'badge-warning',
  Accepted: 'badge-info',
  Delivered: 'badge-success',
  Declined: 'badge-neutral',
  NoShow: 'badge-neutral',
};

const LABEL = (): Record<RequestStatus, string> => ({
  Pending: t`Pending`,
  Accepted: t`Accepted`,
  Delivered: t`Delivered`,
  Declined: t`Declined`,
  NoShow: t`No-show`,
});

/** A request's status as a badge (SPEC.md §2 status column; the statuses). */
export function RequestStatusBadge({ status }: { status: RequestStatus }) {
  return <span className={`badge whitespace-nowrap ${STYLE[status]}`}>{LABEL()[status]}</span>;
}
