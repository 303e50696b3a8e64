/**
 * Private conditional answers (RFC 9110 §8.8.3 and §13.1.2; RFC 9111 §5.2.2.4 `no-cache`,
 * §5.2.2.7 `private`). A signed-in GET of a route marked `config: { privateAnswer: true }`
 * answers with a strong ETag of its body and `Cache-Control: private, no-cache`
 * (http/private-answers.ts adds `Vary: Cookie`), and a revalidation whose `If-None-Match`
 * names it answers 304.
 *
 * This process remembers, per person and address, the last ETag it sent and the change
 * generation it was computed in. A revalidation in the same generation is answered 304
 * after the session check alone, without the route's queries. The generation moves on
 * (`changed`) when a table those answers read changes (the `plateful_public` NOTIFY of
 * foods, requests, users, pickup_windows, blocks and feedback: migrations 0010 and 0032),
 * when this process acknowledges a write, and when its LISTEN connection comes back;
 * entries also end after `ttlMs`, for what changes with time alone (a window passing).
 * A revalidation after a change runs the route and still answers 304 when the body
 * is the same.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { LRUCache } from 'lru-cache';
import { anonymous } from '../http/private-answers.js';
import { localToday } from '../lib/dates.js';
import { strongEtag } from './answers.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route's signed-in answers depend only on the person and on the tables whose
     * changes `plateful_public` announces: they get a private ETag (cache/private-etags.ts).
     */
    privateAnswer?: boolean;
  }
}

/** Most remembered ETags per process (a few hundred bytes each). */
const MAX_ENTRIES = 50_000;

/** True when `If-None-Match` names `etag` (or is `*`), RFC 9110 §13.1.2. */
export function notModified(req: FastifyRequest, etag: string): boolean {
  const inm = req.headers['if-none-match'];
  if (!inm) return false;
  return inm.split(',').some((tag) => {
    const t = tag.trim();
    return t === '*' || t === etag || t === `W/${etag}`;
  });
}

/** The ETags this process sent to signed-in people, with the generation each was computed in. */
export class PrivateEtags {
  private readonly sent: LRUCache<string, { etag: string; generation: number }>;
  private gen = 0;

  constructor(ttlMs: number) {
    this.sent = new LRUCache({ max: MAX_ENTRIES, ttl: ttlMs });
  }

  /** The current generation. */
  get generation(): number {
    return this.gen;
  }

  /** A table those answers read changed (or may have): every remembered ETag is stale. */
  changed(): void {
    this.gen += 1;
    this.sent.clear();
  }

  /** The ETag sent for `key` in the current generation, or undefined. */
  current(key: string): string | undefined {
    const found = this.sent.get(key);
    return found && found.generation === this.gen ? found.etag : undefined;
  }

  /** Remembers `etag` for `key` unless the generation moved on since `generation` (a read racing a write). */
  remember(key: string, generation: number, etag: string): void {
    if (generation === this.gen) this.sent.set(key, { etag, generation });
  }
}

const PRIVATE_REVALIDATE = 'private, no-cache';
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * Registers the hooks on `app` (before compression: the ETag is of the JSON bytes) and
 * returns the store, whose `changed` the caller wires to the change NOTIFY. `clock` gives
 * the local date that keys carry, so answers follow expiry at midnight.
 */
export function registerPrivateEtags(app: FastifyInstance, opts: { ttlMs: number; clock: () => Date }): PrivateEtags {
  const store = new PrivateEtags(opts.ttlMs);
  const pending = new WeakMap<FastifyRequest, { key: string; generation: number }>();

  app.addHook('preHandler', async (req, reply) => {
    if (req.method !== 'GET' || !req.routeOptions.config.privateAnswer || anonymous(req)) return;
    const user = await req.sessionUser();
    if (!user) return;
    const key = `${user.id} ${localToday(opts.clock())} ${req.url}`;
    const etag = store.current(key);
    if (etag && notModified(req, etag)) {
      return reply.code(304).header('etag', etag).header('cache-control', PRIVATE_REVALIDATE).send();
    }
    pending.set(req, { key, generation: store.generation });
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (WRITES.has(req.method) && reply.statusCode < 400) {
      store.changed();
      return payload;
    }
    const miss = pending.get(req);
    if (!miss || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    const etag = strongEtag(payload);
    store.remember(miss.key, miss.generation, etag);
    reply.header('etag', etag).header('cache-control', PRIVATE_REVALIDATE);
    if (!notModified(req, etag)) return payload;
    reply.code(304).removeHeader('content-type').removeHeader('content-length');
    return null;
  });

  return store;
}
