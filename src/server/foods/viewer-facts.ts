/**
 * What a signed-in viewer's view of any listing depends on beyond the listing's row, read
 * once per person and kept in this process, so their lists and details run the very
 * statements an anonymous visitor's do (no per-row probes of requests and blocks, the same
 * plans) and views.ts's viewer columns are filled here instead (`withViewerColumns`, by the
 * rules of views.ts `viewerColumnsFrom`):
 * - their requests whose status lets them read the donor's email or an exact point
 *   (`TAKING`: Accepted, Delivered; views.ts);
 * - whether any block involves them, either way (visibility.ts). A viewer with blocks, or
 *   with more than `MAX_TAKEN` such requests, keeps the statements with viewer columns.
 *
 * Correctness comes from PostgreSQL's NOTIFY, as for the private ETags (cache/private-etags.ts):
 * the statement triggers of `requests` and `blocks` announce every change on `plateful_public`
 * (migrations 0010 and 0032). Heard on the answer cache's LISTEN (`app.onPublicChange`), each
 * process forgets every viewer in the same turn as it drops the private ETags (on two LISTENs,
 * an answer computed between the two drops from stale facts would be tagged anew and kept),
 * as it does when that LISTEN connection comes back and when it acknowledges a write itself (a writer reads their own
 * write at once). A read racing a change is not kept (generations). Entries also end after
 * `VIEWER_FACTS_TTL_MS`.
 */
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { and, eq, inArray, or, sql } from 'drizzle-orm';
import { LRUCache } from 'lru-cache';
import type { Database, DatabaseHandle } from '../db/client.js';
import { stableStatement } from '../db/prepared.js';
import { requests } from '../db/schema/index.js';
import { blocks } from '../blocks/schema.js';
import { TAKING, viewerColumnsFrom, type Taken } from './views.js';

/** Most taken requests kept per viewer; beyond, their reads keep the viewer columns in SQL. */
export const MAX_TAKEN = 200;
/** Longest a viewer's facts are kept, ms. */
export const VIEWER_FACTS_TTL_MS = 60_000;
const MAX_VIEWERS = 20_000;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** A viewer's facts: undefined `taken` means "read the viewer columns in SQL" (blocks, or too many requests). */
export interface ViewerFacts {
  taken?: Map<string, Taken[]>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The signed-in viewers' facts of this process (foods/viewer-facts.ts). */
    viewerFacts: ViewerFactsStore;
  }
}

/** Reads `userId`'s facts: two statements whose plans do not depend on the values (db/prepared.ts `stableStatement`). */
async function readFacts(db: Database, userId: string): Promise<ViewerFacts> {
  const takenQuery = stableStatement(db, 'foods_viewer_taken', (d, as) =>
    d
      .select({ foodId: requests.foodId, status: requests.status, handoverLat: requests.handoverLat, handoverLng: requests.handoverLng, deliveredAt: requests.deliveredAt })
      .from(requests)
      .where(and(eq(requests.requesterId, sql.placeholder('userId')), inArray(requests.status, [...TAKING])))
      .limit(MAX_TAKEN + 1)
      .prepare(as),
  );
  const blockQuery = stableStatement(db, 'foods_viewer_blocks', (d, as) =>
    d
      .select({ one: sql<number>`1` })
      .from(blocks)
      .where(or(eq(blocks.blockerId, sql.placeholder('userId')), eq(blocks.blockedId, sql.placeholder('userId'))))
      .limit(1)
      .prepare(as),
  );
  const [rows, blocked] = await Promise.all([takenQuery.execute({ userId }), blockQuery.execute({ userId })]);
  if (blocked.length || rows.length > MAX_TAKEN) return {};
  const taken = new Map<string, Taken[]>();
  for (const { foodId, ...request } of rows) {
    const list = taken.get(foodId);
    if (list) list.push(request);
    else taken.set(foodId, [request]);
  }
  return { taken };
}

/** The per-process store of viewers' facts, forgotten all at once on a change. */
export class ViewerFactsStore {
  private readonly known = new LRUCache<string, ViewerFacts>({ max: MAX_VIEWERS, ttl: VIEWER_FACTS_TTL_MS });
  private generation = 0;

  constructor(private readonly db: Database) {}

  /** `userId`'s facts, read from the database when not known. */
  async of(userId: string): Promise<ViewerFacts> {
    const known = this.known.get(userId);
    if (known) return known;
    const generation = this.generation;
    const facts = await readFacts(this.db, userId);
    if (generation === this.generation) this.known.set(userId, facts);
    return facts;
  }

  /** Requests or blocks changed (or may have): every viewer's facts are stale. */
  changed(): void {
    this.generation += 1;
    this.known.clear();
  }
}

/**
 * Fastify plugin (register after cache/plugin.ts): decorates the app with `viewerFacts`,
 * forgotten on the NOTIFY of a change to `requests` or `blocks`, on the LISTEN's return and
 * on every write this process acknowledges.
 */
export const viewerFactsPlugin = fp(async (app: FastifyInstance, opts: { database: DatabaseHandle }) => {
  const store = new ViewerFactsStore(opts.database.db);
  app.decorate('viewerFacts', store);
  // The answer cache's one LISTEN (cache/plugin.ts): facts drop in the same turn as the private ETags.
  app.onPublicChange((table) => {
    if (table === undefined || table === 'requests' || table === 'blocks') store.changed();
  });
  app.addHook('onSend', async (req, reply, payload) => {
    if (WRITES.has(req.method) && reply.statusCode < 400) store.changed();
    return payload;
  });
});

/** The viewer whose columns the statements must read: none when `facts` fill them (`withViewerColumns`). */
export function statementViewer(userId: string | undefined, facts: ViewerFacts | undefined): string | undefined {
  return facts?.taken ? undefined : userId;
}

/** `rows` with the viewer columns filled from `facts` (when they hold the viewer's requests), as of `now`. */
export function withViewerColumns<R extends { id: string }>(rows: R[], facts: ViewerFacts | undefined, now: Date): R[] {
  const taken = facts?.taken;
  if (taken) for (const row of rows) Object.assign(row, viewerColumnsFrom(taken.get(row.id), now));
  return rows;
}
