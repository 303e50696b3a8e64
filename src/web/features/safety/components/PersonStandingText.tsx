import { usePersonStanding } from '../api/safety.js';

/**
 * A person's public standing beside their name (issue 19): "N shares" and, from
 * 3 feedbacks on, "M% positive". No stars. Nothing while it loads.
 */
export function PersonStandingText({ userId, className = '' }: { userId: string | undefined; className?: string }) {
  const { data } = usePersonStanding(userId);
  if (!data) return null;
  const shares = `${data.Shares} ${data.Shares === 1 ? 'share' : 'shares'}`;
  return <span className={`text-sm text-gray-700 ${className}`}>{data.PositivePercent === null ? shares : `${shares} · ${data.PositivePercent}% positive`}</span>;
}
