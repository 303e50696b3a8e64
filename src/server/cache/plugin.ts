/**
 * Fastify plugin of the public answer cache (DESIGN.md "Speed"). Routes opt in
 * with `config: { publicAnswer: true }` (food lists and details, impact figures). For an
 * anonymous GET of such a route (no session cookie, no Authorization header) the answer is
 * served from this process's `AnswerCache` without validation, session lookup or query:
 * `If-None-Match` with its ETag answers 304, otherwise the stored bytes. A miss runs the
 * route and stores its 200 answer. Signed-in requests never read or fill the cache, since
 * their answers may differ by person (`Donator.Email`).
 *
 * Invalidation: every table public answers read has a statement trigger that NOTIFYs
 * `plateful_public` (migration 0010), delivered after commit to every process (in-process
 * on PGlite); each process then drops its answers. A successful write through this
 * process's API drops them before it is acknowledged, so a writer reads its own write at
 * once. Keys carry the local date of `app.clock()`, so lists follow expiry at midnight.
 * A ban's end, which no write announces, drops them too (`ban-ends.ts`).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db/client.js';
import { anonymous } from '../http/private-answers.js';
import { localToday } from '../lib/dates.js';
import { AnswerCache, strongEtag, type CachedAnswer } from './answers.js';
import { watchBanEnds } from './ban-ends.js';
import { notModified, registerPrivateEtags } from './private-etags.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route's anonymous GET answers are the same for everyone and may be cached. */
    publicAnswer?: boolean;
  }
  interface FastifyInstance {
    /** The public answer cache of this process; undefined with `CACHE=off`. */
    answerCache?: AnswerCache;
    /**
     * Runs `handler` for each change `plateful_public` announces (with the table's name) and
     * when the LISTEN comes back (`undefined`: anything may have changed), in the same turn as
     * this process drops its answers and private ETags. A store an answer reads from (the
     * viewers' facts) subscribes here rather than on a LISTEN of its own, so no request can
     * run between the two drops and tag an answer computed from the store's stale state.
     */
    onPublicChange(handler: (table: string | undefined) => void): void;
  }
}

/** The NOTIFY channel of "a table public answers read has changed". */
export const PUBLIC_CHANNEL = 'plateful_public';

/** Answer headers that belong to the stored answer (pagination). */
const KEPT_HEADERS = ['x-next-cursor', 'link'];
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);


/**
 * Sets the headers every public answer carries: its ETag, revalidation on reuse, and
 * `Vary` on the credentials that would have made it private (RFC 9111 §4.1). `X-Cache`
 * (hit or miss) only with `CACHE_DEBUG_HEADER=true`: otherwise it would tell anyone that
 * somebody fetched the same address lately.
 */
function describe(reply: FastifyReply, etag: string, hit: boolean, debugHeader: boolean): void {
  reply.header('etag', etag).header('cache-control', 'no-cache').header('vary', 'Cookie, Authorization');
  if (debugHeader) reply.header('x-cache', hit ? 'HIT' : 'MISS');
}

interface Pending {
  key: string;
  generation: number;
}

/** The answer cache's bounds (config.ts `cache`); absent with `CACHE=off`. */
type AnswerCacheOptions = { maxEntries: number; maxBytes: number; ttlMs: number; debugHeader: boolean };

/**
 * Registers the public answer cache (when `answers` is given) and the private ETags
 * (private-etags.ts, always; entries live `privateTtlMs`), both dropped on the change NOTIFY.
 * Call after the security header and CORS plugins (a hit is answered from `onRequest` with
 * their headers set) and before compression (answers are stored and tagged as the
 * serialized JSON, compressed per client afterwards).
 */
export const answerCachePlugin = fp(async (app: FastifyInstance, opts: { database: DatabaseHandle; answers?: AnswerCacheOptions; privateTtlMs: number }) => {
  const etags = registerPrivateEtags(app, { ttlMs: opts.privateTtlMs, clock: () => app.clock() });
  const cache = opts.answers && new AnswerCache(opts.answers);
  const subscribers: ((table: string | undefined) => void)[] = [];
  app.decorate('onPublicChange', (handler: (table: string | undefined) => void) => void subscribers.push(handler));
  const changed = (table?: string) => {
    for (const handler of subscribers) handler(table);
    cache?.invalidate();
    etags.changed();
  };

  // A ban's end changes the lists without a write; drop the answers then too.
  const banEnds = watchBanEnds(opts.database.db, changed, (err: unknown) => app.log.warn({ err }, 'could not read the next ban end'));
  const stop = await opts.database.listen(
    PUBLIC_CHANNEL,
    (table) => {
      changed(table);
      if (table === 'foods') banEnds.refresh();
    },
    () => {
      changed();
      banEnds.refresh();
    },
  );
  app.addHook('onClose', async () => {
    banEnds.stop();
    await stop();
  });
  if (!cache) return;
  const debugHeader = opts.answers!.debugHeader;
  app.decorate('answerCache', cache);
  const pending = new WeakMap<FastifyRequest, Pending>();

  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' || !req.routeOptions.config.publicAnswer || !anonymous(req)) return;
    const key = `${localToday(app.clock())} ${req.url}`;
    const found = cache.get(key);
    if (!found) {
      pending.set(req, { key, generation: cache.generation });
      return;
    }
    describe(reply, found.etag, true, debugHeader);
    for (const [name, value] of Object.entries(found.headers)) reply.header(name, value);
    if (notModified(req, found.etag)) return reply.code(304).send();
    return reply.type(found.type).send(found.body);
  });

  app.addHook('onSend', async (req, reply, payload) => {
    if (WRITES.has(req.method) && reply.statusCode < 400) {
      cache.invalidate();
      return payload;
    }
    const miss = pending.get(req);
    if (!miss || reply.statusCode !== 200 || (typeof payload !== 'string' && !Buffer.isBuffer(payload))) return payload;
    const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
    const headers: Record<string, string> = {};
    for (const name of KEPT_HEADERS) {
      const value = reply.getHeader(name);
      if (typeof value === 'string') headers[name] = value;
    }
    const answer: CachedAnswer = { body, type: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'), headers, etag: strongEtag(body) };
    cache.set(miss.key, miss.generation, answer);
    describe(reply, answer.etag, false, debugHeader);
    return body;
  });
});
