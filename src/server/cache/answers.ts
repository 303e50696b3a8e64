/**
 * The store of public anonymous answers: a least-recently-used map from a
 * request key to the answer's bytes, headers and strong ETag, bounded by entries and
 * bytes (lru-cache), each kept at most `ttlMs` (a bound for what changes with time alone;
 * a ban's end drops them at once, `ban-ends.ts`). `invalidate` drops every entry and starts a new generation: an
 * answer computed from reads of an older generation is never stored, so a read racing
 * a write cannot put a stale answer back after the write's notification.
 */
import { hash } from 'node:crypto';
import { LRUCache } from 'lru-cache';

/** One stored answer: body bytes, content type, the headers it carries, strong ETag. */
export interface CachedAnswer {
  body: Buffer;
  type: string;
  headers: Record<string, string>;
  etag: string;
}

/** Counters of the cache's life so far (for the bench and the tests). */
export interface CacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
  invalidations: number;
}

/** Bytes an entry costs beyond its body and key: object, headers, ETag (an estimate). */
const ENTRY_OVERHEAD = 256;

/** Strong ETag of `body` (bytes, or text hashed as the UTF-8 it is sent as): a quoted base64url SHA-256 prefix (RFC 9110 §8.8.3). */
export function strongEtag(body: string | Buffer): string {
  return `"${hash('sha256', body, 'base64url').slice(0, 27)}"`;
}

/** Per-process store of public answers, bounded by `maxEntries` and `maxBytes`. */
export class AnswerCache {
  private readonly lru: LRUCache<string, CachedAnswer>;
  private gen = 0;
  private hits = 0;
  private misses = 0;
  private invalidations = 0;

  constructor(opts: { maxEntries: number; maxBytes: number; ttlMs: number }) {
    this.lru = new LRUCache<string, CachedAnswer>({
      max: opts.maxEntries,
      ttl: opts.ttlMs,
      maxSize: opts.maxBytes,
      sizeCalculation: (value, key) => value.body.length + key.length * 2 + ENTRY_OVERHEAD,
    });
  }

  /** The current generation: pass it back to `set` with the answer computed after reading it. */
  get generation(): number {
    return this.gen;
  }

  /** The stored answer of `key` (counted as a hit), or undefined (a miss). */
  get(key: string): CachedAnswer | undefined {
    const found = this.lru.get(key);
    if (found) this.hits += 1;
    else this.misses += 1;
    return found;
  }

  /** Stores `answer` under `key` unless the cache was invalidated since `generation`; answers too big for the bound are skipped. */
  set(key: string, generation: number, answer: CachedAnswer): void {
    if (generation !== this.gen) return;
    this.lru.set(key, answer);
  }

  /** Drops every answer (a write changed what public answers show). */
  invalidate(): void {
    this.gen += 1;
    this.invalidations += 1;
    this.lru.clear();
  }

  stats(): CacheStats {
    return { hits: this.hits, misses: this.misses, entries: this.lru.size, bytes: this.lru.calculatedSize, invalidations: this.invalidations };
  }
}
