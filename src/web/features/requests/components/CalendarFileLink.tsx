import { Trans } from '@lingui/react/macro';
import { apiUrl } from '../../../lib/http.js';

/** Downloads a pickup's iCalendar file (`GET /api/requests/{id}/calendar.ics`), for its donor and requester. */
export function CalendarFileLink({ requestId }: { requestId: string }) {
  return (
    <a className="btn btn-sm btn-outline whitespace-nowrap" href={apiUrl(`/requests/${encodeURIComponent(requestId)}/calendar.ics`)} download>
      <Trans>Add to calendar (.ics)</Trans>
    </a>
  );
}
