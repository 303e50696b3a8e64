/** Photo upload limits. */
import type { Limit } from '../http/limits.js';

/**
 * Photo uploads per signed-in user (key `upload:<userId>`): processing a
 * large photo costs about a CPU-second, so one account buys at most 60 an hour.
 */
export const UPLOAD_LIMIT: Limit = { max: 60, windowSeconds: 60 * 60 };
