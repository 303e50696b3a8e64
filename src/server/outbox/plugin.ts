/**
 * Fastify plugin of the mail outbox: decorates the app with `outbox`
 * (the worker), starts it when the app is ready, wakes it on every enqueue in this
 * process and on `NOTIFY plateful_outbox` from any process, and stops it before
 * the app closes (STYLE.md "Plugins own their resources"). Mails go out through
 * `app.mailer` (mail/mailer.ts), pushes through `app.push` (push/sender.ts).
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client.js';
import { OUTBOX_CHANNEL, onLocalEnqueue } from './outbox.js';
import { DEFAULT_OUTBOX_OPTIONS, OutboxWorker, type OutboxOptions } from './worker.js';

declare module 'fastify' {
  interface FastifyInstance {
    outbox: OutboxWorker;
  }
}

export const outboxPlugin = fp(
  async (app: FastifyInstance, opts: { database: DatabaseHandle; leaseMs: number; options?: Partial<OutboxOptions> }) => {
    const worker = new OutboxWorker(
      opts.database.db,
      { mail: (mail) => app.mailer.send(mail), push: (row) => app.push.send(row) },
      app.log.child({ module: 'outbox' }),
      { ...DEFAULT_OUTBOX_OPTIONS, leaseMs: opts.leaseMs, ...opts.options },
    );
    app.decorate('outbox', worker);
    let unlisten: (() => Promise<void>) | undefined;
    let offLocal: (() => void) | undefined;

    app.addHook('onReady', async () => {
      offLocal = onLocalEnqueue(() => worker.wake());
      try {
        unlisten = await opts.database.listen(OUTBOX_CHANNEL, () => worker.wake());
      } catch (err) {
        // Other processes' mails then wait for the poll; ours still wake locally.
        app.log.warn({ err: { message: (err as Error).message } }, 'outbox: LISTEN failed; polling only');
      }
      worker.start();
    });
    // preClose: before onClose hooks close the mailer and the database.
    app.addHook('preClose', async () => {
      offLocal?.();
      await worker.stop();
      await unlisten?.();
    });
  },
  { name: 'plateful-outbox', dependencies: ['plateful-mail', 'plateful-push'] },
);
