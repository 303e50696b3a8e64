/** Moderation thresholds and the report limits of one account (counted by http/limits.ts `limited`). */
import type { AccountCounter } from '../http/limits.js';

/** Reports one account may file an hour (key `reports-hour:<userId>`). */
export const REPORTS_PER_HOUR = { max: 10, windowSeconds: 60 * 60 } as const;
/** Reports one account may file a day (key `reports-day:<userId>`). */
export const REPORTS_PER_DAY = { max: 30, windowSeconds: 24 * 60 * 60 } as const;

/** The counters of a new report; past either a 429 with the window's `Retry-After`. */
export const REPORT_COUNTERS: AccountCounter[] = [
  { name: 'reports-hour', limit: REPORTS_PER_HOUR },
  { name: 'reports-day', limit: REPORTS_PER_DAY },
];

/** Distinct verified accounts whose open reports hide a listing until a moderator reviews it. */
export const REPORTS_TO_AUTO_HIDE = 3;

/** Negative feedbacks from distinct people within `days` that put a person on the moderation queue. */
export const NEGATIVE_FEEDBACK_TO_QUEUE = { count: 3, days: 30 } as const;
