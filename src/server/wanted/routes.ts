/** Routes of `/api/wanted` (docs/api.md "Wanted posts"), with the ownership rules of DESIGN.md "The API". */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { DeleteResult, IdParams, InsertResult, PLACES, WANTED, Wanted, WantedAnswerInput, WantedInput, WantedQuery, parseWantedCursor } from '../../contract/index.js';
import type { Config } from '../config.js';
import { limited } from '../http/limits.js';
import { problem } from '../http/problem.js';
import { LISTING_CREATED_TASK, type ListingCreated } from '../foods/announce.js';
import { readMatchableListing } from '../alerts/matching.js';
import { answerWanted } from './answers.js';
import { tellWantedMatches } from './matching.js';
import { TOO_MANY_POSTS, WANTED_COUNTERS } from './limits.js';
import { answersOf, createWanted, deleteWanted, listWanted, requireVisibleWanted, toWanted, type WantedRow } from './repository.js';

/** Cuts the extra row read (limit + 1) and announces the next page in `X-Next-Cursor` and `Link`, as `GET /foods` does. */
function page<R extends { post: WantedRow }>(req: FastifyRequest, reply: FastifyReply, rows: R[], limit: number): R[] {
  if (rows.length <= limit) return rows;
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1]!.post;
  const cursor = `${last.createdAt.getTime()}_${last.id}`;
  const next = new URL(req.url, 'http://plateful.invalid');
  next.searchParams.set('cursor', cursor);
  reply.header('x-next-cursor', cursor).header('link', `<${next.pathname}${next.search}>; rel="next"`);
  return shown;
}

/**
 * Fastify plugin of `/api/wanted`: the open posts (near a point, paged), one post, and create
 * and delete; `POST /api/wanted/{id}/answers` answers a post with the donor's listing
 * (answers.ts); new listings are matched against the open posts (matching.ts). Needs `app.db`,
 * `app.notifier`, `app.outbox` and the auth plugin.
 */
export async function wantedRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  // New listings: after their commit, in the outbox worker of one process (foods/announce.ts).
  const off = app.outbox.onTask(LISTING_CREATED_TASK, async (payload) => {
    const food = await readMatchableListing(db, (payload as ListingCreated).foodId);
    if (food) await tellWantedMatches(db, app.notifier, food, app.clock());
  });
  app.addHook('onClose', async () => off());

  r.get('/api/wanted', { schema: { tags: ['wanted'], querystring: WantedQuery, response: { 200: z.array(Wanted) } } }, async (req, reply) => {
    const q = req.query;
    const user = await req.sessionUser();
    if (q.mine && !user) throw problem(401, 'Sign in to see your Wanted posts.');
    const now = app.clock();
    const limit = q.limit ?? WANTED.defaultLimit;
    const rows = await listWanted(db, {
      near: q.near && { ...q.near, radiusKm: q.radiusKm ?? PLACES.radiusDefaultKm },
      mineOf: q.mine ? user!.id : undefined,
      viewerId: user?.id,
      limit: limit + 1,
      after: q.cursor === undefined ? undefined : parseWantedCursor(q.cursor),
      now,
    });
    const shown = page(req, reply, rows, limit);
    const answers = await answersOf(db, shown.map((f) => f.post.id));
    return shown.map((f) => toWanted(f, user?.id, now, answers.get(f.post.id)));
  });

  r.get('/api/wanted/:id', { schema: { tags: ['wanted'], params: IdParams, response: { 200: Wanted } } }, async (req) => {
    const user = await req.sessionUser();
    const now = app.clock();
    const found = await requireVisibleWanted(db, req.params.id, user, now);
    const answers = await answersOf(db, [found.post.id]);
    return toWanted(found, user?.id, now, answers.get(found.post.id));
  });

  r.post('/api/wanted', { schema: { tags: ['wanted'], body: WantedInput, response: { 201: InsertResult } } }, async (req, reply) => {
    const poster = await req.requireUser({ fresh: true });
    const insertedId = await limited(db, poster.id, WANTED_COUNTERS, TOO_MANY_POSTS, () => createWanted(db, req.body, poster, opts.config.authSecret, app.clock()));
    return reply.status(201).send({ acknowledged: true, insertedId });
  });

  r.delete('/api/wanted/:id', { schema: { tags: ['wanted'], params: IdParams, response: { 200: DeleteResult } } }, async (req) => {
    const user = await req.requireUser({ fresh: true });
    return { acknowledged: true as const, deletedCount: await deleteWanted(db, req.params.id, user, app.clock()) };
  });

  r.post(
    '/api/wanted/:id/answers',
    { schema: { tags: ['wanted'], params: IdParams, body: WantedAnswerInput, response: { 201: InsertResult } } },
    async (req, reply) => {
      const donor = await req.requireUser({ fresh: true });
      const insertedId = await answerWanted(db, req.params.id, req.body.FoodId, donor, app.notifier, app.clock());
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );
}
