import { Trans } from '@lingui/react/macro';
import { Link } from 'wouter';
import { conversationPath } from '../../../../contract/routes.js';

/**
 * The 'Messages' button of a request row on Manage Food and My Food Request
 *: opens the request's conversation at `/requests/{requestId}`.
 */
export function MessagesLink({ requestId }: { requestId: string }) {
  return (
    <Link to={conversationPath(requestId)} className="btn btn-sm btn-outline whitespace-nowrap">
      <Trans>Messages</Trans>
    </Link>
  );
}
