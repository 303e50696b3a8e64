/** Message limits of one account, counted in `limit_counters` (http/limits.ts `limited`). */
import type { AccountCounter } from '../http/limits.js';

/** Messages one account may send a minute (key `messages-minute:<userId>`). */
export const MESSAGES_PER_MINUTE = { max: 20, windowSeconds: 60 } as const;
/** Messages one account may send a day (key `messages-day:<userId>`). */
export const MESSAGES_PER_DAY = { max: 300, windowSeconds: 24 * 60 * 60 } as const;

/** The counters of a new message; past either a 429 with the window's `Retry-After`. */
export const MESSAGE_COUNTERS: AccountCounter[] = [
  { name: 'messages-minute', limit: MESSAGES_PER_MINUTE },
  { name: 'messages-day', limit: MESSAGES_PER_DAY },
];
