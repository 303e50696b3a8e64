/**
 * The scheduled clean-up of unused uploads: every hour, each server
 * process deletes the uploads that no listing, request or profile used within
 * 24 hours (`deleteOrphanImages`, one idempotent statement, so several processes
 * running it at once is harmless). The timer stops when the app closes.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { deleteOrphanImages } from './repository.js';

/** Interval between clean-ups, ms. */
export const CLEANUP_INTERVAL_MS = 60 * 60 * 1000;

export const imageCleanupPlugin = fp(async (app: FastifyInstance, opts: { intervalMs?: number }) => {
  const timer = setInterval(() => {
    deleteOrphanImages(app.db).then(
      (count) => count > 0 && app.log.info({ count }, 'deleted unused uploads'),
      (error: unknown) => app.log.warn({ err: error }, 'image clean-up failed'),
    );
  }, opts.intervalMs ?? CLEANUP_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
});
