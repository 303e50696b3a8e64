/**
 * Public answers must not outlive a ban's end: a banned donor's listings leave
 * the public lists until `foods.donor_banned_until`, and the end of a ban is no write, so
 * no trigger announces it. Each process keeps one timer to the earliest future ban end
 * and drops its cached answers when it passes; the time is read at start and again after
 * every change of `foods` (the cache's notifications), from the partial index
 * `foods_donor_banned_until_idx`.
 *
 * The wait is measured on the database's clock (`… - now()`), the clock the visibility
 * condition `donor_banned_until <= now()` reads, so a process whose clock drifts neither
 * fires early (and caches the list again before the end) nor late.
 */
import { gt, sql } from 'drizzle-orm';
import type { Database } from '../db/client.js';
import { foods } from '../db/schema/index.js';

/** Longest single wait, ms: a later end (a ban for good ends 9999-12-31) is read again then. */
const MAX_WAIT_MS = 6 * 60 * 60 * 1000;

/**
 * Milliseconds from the database's now to the earliest future `donor_banned_until`, or
 * null when no ban ends in the future (exported unexecuted for the EXPLAIN test).
 */
export function nextBanEndQuery(db: Database) {
  return db
    .select({ waitMs: sql<number | null>`ceil(extract(epoch from (min(${foods.donorBannedUntil}) - now())) * 1000)::float8`.mapWith(Number) })
    .from(foods)
    .where(gt(foods.donorBannedUntil, sql`now()`));
}

/** The handle of {@link watchBanEnds}. */
export interface BanEndWatch {
  /** Reads the earliest future ban end again (call after `foods` changed); calls overlapping a read are folded into one more read. */
  refresh(): void;
  /** Clears the timer; later refreshes do nothing. */
  stop(): void;
}

/**
 * Calls `onEnd` once the earliest ban end in the future at the last read has passed.
 * Read errors are passed to `onError` and retried at the next refresh.
 */
export function watchBanEnds(db: Database, onEnd: () => void, onError: (error: unknown) => void): BanEndWatch {
  let timer: NodeJS.Timeout | undefined;
  let reading = false;
  let again = false;
  let stopped = false;

  async function read(): Promise<void> {
    const [row] = await nextBanEndQuery(db);
    const wait = row?.waitMs;
    clearTimeout(timer);
    timer = undefined;
    if (stopped || wait === null || wait === undefined) return;
    const due = wait <= MAX_WAIT_MS;
    timer = setTimeout(
      () => {
        timer = undefined;
        if (due) onEnd();
        refresh();
      },
      Math.max(0, Math.min(Number(wait), MAX_WAIT_MS)),
    );
    timer.unref();
  }

  function refresh(): void {
    if (stopped) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    read()
      .catch((error: unknown) => {
        if (!stopped) onError(error);
      })
      .finally(() => {
        reading = false;
        if (again) {
          again = false;
          refresh();
        }
      });
  }

  refresh();
  return {
    refresh,
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
