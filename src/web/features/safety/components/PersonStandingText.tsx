import { plural, t } from '@lingui/core/macro';
import type { Standing } from '../../../../contract/index.js';
import { usePersonStanding } from '../api/safety.js';

/** "N shares" and, when the answer has it (from 3 feedbacks on), " · M% positive". No stars. */
export function StandingText({ standing, className = '' }: { standing: Standing; className?: string }) {
  const shares = plural(standing.Shares, { one: '# share', other: '# shares' });
  const text = standing.PositivePercent === null ? shares : t`${shares} · ${standing.PositivePercent}% positive`;
  return <span className={`text-sm text-gray-700 ${className}`}>{text}</span>;
}

/**
 * A person's public standing beside their name, read from
 * `GET /api/people/{userId}`; nothing while it loads.
 */
export function PersonStandingText({ userId, className = '' }: { userId: string | undefined; className?: string }) {
  const { data } = usePersonStanding(userId);
  return data ? <StandingText standing={data} className={className} /> : null;
}
