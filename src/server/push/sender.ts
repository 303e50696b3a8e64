/**
 * Sends the outbox's push rows with `web-push`: the payload
 * `{Title, Body, Link, Tag}` encrypted for the subscription (RFC 8291, aes128gcm),
 * signed with the VAPID key (RFC 8292), with the row's TTL and urgency.
 *
 * What the push service answers decides the row's fate: 2xx sent; 404 or 410
 * the subscription is gone, so it is deleted (and the row with it); 429, 5xx or a
 * network failure reject, so the outbox worker retries with its backoff; any
 * other answer (a bad request the same bytes would repeat) is logged and dropped.
 * The connection goes only to public addresses (push/endpoint.ts).
 */
import https from 'node:https';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PushPayload } from '../../contract/index.js';
import type { Config } from '../config.js';
import type { Database } from '../db/client.js';
import { guardedLookup } from '../lib/public-address.js';
import type { OutboxRow } from '../outbox/outbox.js';
import { findSubscription, forgetSubscription } from './repository.js';

declare module 'fastify' {
  interface FastifyInstance {
    push: PushSender;
  }
}

/** A push service that took this long to answer is tried again later. */
const PUSH_TIMEOUT_MS = 10_000;

export class PushSender {
  private readonly agent: https.Agent;

  constructor(
    private readonly db: Database,
    private readonly config: Pick<Config, 'vapid' | 'pushAllowPrivate'>,
    private readonly log: FastifyBaseLogger,
  ) {
    // PUSH_ALLOW_PRIVATE (tests): the local push service has a self-signed certificate.
    this.agent = new https.Agent({
      keepAlive: true,
      lookup: guardedLookup(config.pushAllowPrivate),
      ...(config.pushAllowPrivate ? { rejectUnauthorized: false } : {}),
    });
  }

  /** Sends one outbox push row; rejects when it should be retried (429, 5xx, network). */
  async send(row: OutboxRow): Promise<void> {
    const job = row.push;
    if (!job) return;
    const sub = await findSubscription(this.db, job.subscriptionId);
    if (!sub) return; // turned off or expired since the push was queued
    const payload: PushPayload = { Title: row.subject, Body: row.text, Link: job.link, Tag: job.tag };
    // web-push loads with the first push, not at start (restart time).
    const webPush = (await import('web-push')).default;
    try {
      await webPush.sendNotification({ endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } }, JSON.stringify(payload), {
        vapidDetails: { subject: this.config.vapid.subject, publicKey: this.config.vapid.publicKey, privateKey: this.config.vapid.privateKey },
        TTL: job.ttl,
        urgency: job.urgency,
        contentEncoding: 'aes128gcm',
        agent: this.agent,
        timeout: PUSH_TIMEOUT_MS,
      });
    } catch (err) {
      const status = err instanceof webPush.WebPushError ? err.statusCode : undefined;
      if (status === 404 || status === 410) {
        await forgetSubscription(this.db, sub.id);
        this.log.info({ subscriptionId: sub.id, status }, 'push subscription gone; deleted');
        return;
      }
      if (status === undefined || status === 429 || status >= 500) {
        throw new Error(status ? `push service answered ${status}` : `push failed: ${(err as Error).message}`, { cause: err });
      }
      this.log.warn({ subscriptionId: sub.id, status }, 'push refused by the push service; dropped');
    }
  }

  close(): void {
    this.agent.destroy();
  }
}

/** Fastify plugin: decorates the app with `push` (the sender the outbox worker calls). */
export const pushPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config }) => {
    const sender = new PushSender(app.db, opts.config, app.log.child({ module: 'push' }));
    app.decorate('push', sender);
    app.addHook('onClose', async () => sender.close());
  },
  { name: 'plateful-push' },
);
