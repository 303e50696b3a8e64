/**
 * Fastify plugin of the scheduled lifecycle jobs (jobs.ts): decorates the app
 * with `lifecycle.sweep()` (one run at the app's clock; tests call it after moving the
 * clock) and runs it when the app is ready and then every minute, until the app
 * closes. A failed run is logged and retried on the next tick.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { sweep, type SweepResult } from './jobs.js';

declare module 'fastify' {
  interface FastifyInstance {
    lifecycle: { sweep(): Promise<SweepResult> };
  }
}

/** Milliseconds between two runs of the jobs in one process. */
export const SWEEP_INTERVAL_MS = 60_000;

export const lifecyclePlugin = fp(
  async (app: FastifyInstance) => {
    const run = () => sweep(app.db, app.clock(), app.notifier);
    app.decorate('lifecycle', { sweep: run });
    let timer: NodeJS.Timeout | undefined;
    let running: Promise<unknown> = Promise.resolve();
    const tick = () => {
      running = run().catch((err: Error) => app.log.warn({ err: { message: err.message } }, 'lifecycle jobs failed; retrying next tick'));
    };
    app.addHook('onReady', async () => {
      tick();
      timer = setInterval(tick, SWEEP_INTERVAL_MS);
      timer.unref();
    });
    app.addHook('preClose', async () => {
      clearInterval(timer);
      await running;
    });
  },
  { name: 'plateful-lifecycle' },
);
