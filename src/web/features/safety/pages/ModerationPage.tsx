import { t } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { useModerationQueue } from '../api/safety.js';
import { ModerationGroupCard } from '../components/ModerationGroupCard.js';
import { ModeratorPage } from '../components/ModeratorPage.js';

/**
 * `/moderation`: the open reports grouped by target, most reported
 * first, with their actions. The API answers 404 to everyone but moderators, and
 * so does this page: the 404 page, so the page's existence is not advertised.
 */
export default function ModerationPage() {
  return (
    <ModeratorPage
      query={useModerationQueue()}
      title={t`Moderation`}
      failure={t`Could not load the reports.`}
      link={{ to: '/moderation/log', label: t`Audit log` }}
      widthClass="max-w-4xl"
    >
      {(data) =>
        data.length === 0 ? <p><Trans>No open reports.</Trans></p> : data.map((g) => <ModerationGroupCard key={`${g.TargetType}:${g.TargetId}`} group={g} />)
      }
    </ModeratorPage>
  );
}
