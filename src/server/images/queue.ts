/**
 * The photo processing queue: at most
 * `workers` photos are processed at once (by default one per spare core, so one
 * core always serves requests), at most `waiting` more wait their turn, and any
 * further upload is answered 503 with a `Retry-After` estimated from how long
 * recent jobs took. Built on p-limit.
 */
import pLimit from 'p-limit';
import { problem } from '../http/problem.js';

export interface ProcessingQueue {
  /** Runs `job` when a worker is free. @throws 503 problem (with Retry-After) when the queue is full. */
  run<T>(job: () => Promise<T>): Promise<T>;
}

/** Creates a queue of `workers` concurrent jobs and `waiting` queued ones. */
export function createProcessingQueue(opts: { workers: number; waiting: number }): ProcessingQueue {
  const limit = pLimit(opts.workers);
  // Moving average of a job's duration, ms; a 12-megapixel photo takes about a second.
  let averageMs = 1000;
  return {
    run(job) {
      if (limit.pendingCount >= opts.waiting) {
        const ahead = limit.activeCount + limit.pendingCount;
        const retryAfter = Math.max(1, Math.ceil((averageMs * ahead) / opts.workers / 1000));
        return Promise.reject(problem(503, 'Too many photos are being processed right now. Please try again in a moment.', { retryAfter }));
      }
      return limit(async () => {
        const began = performance.now();
        try {
          return await job();
        } finally {
          averageMs = averageMs * 0.8 + (performance.now() - began) * 0.2;
        }
      });
    },
  };
}
