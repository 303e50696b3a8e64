/** Routes of `/api/foods` (SPEC.md §7), with the ownership rules of DESIGN.md "The API". */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  DeleteResult,
  FOODS_DEFAULT_LIMIT,
  Food,
  FoodInput,
  FoodsQuery,
  IdParams,
  InsertResult,
  PLACES,
  UpdateResult,
  makeFoodsCursor,
  parseFoodsCursor,
} from '../../contract/index.js';
import { sameEmail } from '../auth/emails.js';
import type { Config } from '../config.js';
import { compiledAnswers } from '../http/compiled-answers.js';
import { limited } from '../http/limits.js';
import { problem } from '../http/problem.js';
import { assertListingImageUrls, ownOrigins, proxiedFood } from '../images/urls.js';
import { localToday } from '../lib/dates.js';
import { canSeeListing } from './visibility.js';
import {
  createFood,
  deleteFood,
  toFood as toFoodAnswer,
  updateFood,
  type FoodRow,
  type PlaceView,
} from './repository.js';
import { listAvailableFoods, listDonorFoods, sortKey, type FoodOrder, type ListedFood } from './lists.js';
import { chordToMetres } from './terms.js';
import { LISTING_COUNTERS, LISTINGS_PER_DAY } from './limits.js';
import { findListing, viewOf } from './views.js';
import { recurringOfferRoutes } from './recurring-routes.js';
import { statementViewer, withViewerColumns } from './viewer-facts.js';

/** DistanceKm as answered: metres to km, rounded to 0.1 km ("about 1.5 km"). */
const roundedKm = (metres: number) => Math.round(metres / 100) / 10;

const TOO_MANY_LISTINGS = `You can add at most ${LISTINGS_PER_DAY.max} listings a day. Please try again later.`;

/**
 * Cuts the extra row the repository read (limit + 1) and, when there was one,
 * announces the next page in `X-Next-Cursor` and `Link: <…>; rel="next"`
 * (the answer itself stays the spec's array).
 */
function page<R extends ListedFood>(req: FastifyRequest, reply: FastifyReply, rows: R[], limit: number, order: FoodOrder): R[] {
  if (rows.length <= limit) return rows;
  const shown = rows.slice(0, limit);
  const last = shown[shown.length - 1]!;
  const cursor = makeFoodsCursor(sortKey(last, order), last.id);
  const next = new URL(req.url, 'http://plateful.invalid');
  next.searchParams.set('cursor', cursor);
  reply.header('x-next-cursor', cursor).header('link', `<${next.pathname}${next.search}>; rel="next"`);
  return shown;
}

/**
 * Fastify plugin of `/api/foods` (SPEC.md §7): the featured, available, search and
 * own-listings reads (keyset pages, see `page`), one listing, and create, update
 * and delete for the signed-in donor; with `IMAGE_PROXY` external photos are answered
 * through the image proxy. Needs `app.db` and the auth plugin's
 * `req.sessionUser`/`req.requireUser`; errors are thrown as problems (`problem.ts`).
 */
export async function foodRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;
  const own = ownOrigins(opts.config);
  const { imageProxy, publicUrl } = opts.config;
  // Lists and details answer many fields per row: compiled serializers (http/compiled-answers.ts).
  const serializerCompiler = compiledAnswers({ check: opts.config.env !== 'production' });
  // With IMAGE_PROXY=true, external photos are answered through the proxy.
  const toFood = (row: FoodRow, showEmail: boolean, today: string, view?: PlaceView) => {
    const food = toFoodAnswer(row, showEmail, today, view);
    return imageProxy ? proxiedFood(food, publicUrl) : food;
  };

  r.get(
    '/api/foods',
    { schema: { tags: ['foods'], querystring: FoodsQuery, response: { 200: z.array(Food) } }, serializerCompiler, config: { publicAnswer: true, privateAnswer: true } },
    async (req, reply) => {
      const q = req.query;
      const user = await req.sessionUser();
      const today = localToday(app.clock());
      const limit = q.limit ?? FOODS_DEFAULT_LIMIT;
      const after = q.cursor === undefined ? undefined : parseFoodsCursor(q.cursor);
      if (q.email !== undefined) {
        // The spec's "the user's foods": answered only for the signed-in user's own email.
        if (!user) throw problem(401, 'Sign in to see your listings.');
        if (!sameEmail(q.email, user.email)) throw problem(403, 'You can only list your own foods.');
        const rows = page(req, reply, await listDonorFoods(db, user.id, limit + 1, after), limit, 'dateDesc');
        return rows.map((row) => toFood(row, true, today, viewOf(row, user.id)));
      }
      const near = q.near && { ...q.near, radiusKm: q.radiusKm ?? PLACES.radiusDefaultKm };
      // SortByDistance takes precedence over sortByDate.
      const order: FoodOrder =
        near && q.sortByDistance ? 'distance' : q.sortByQuantity ? 'quantity' : q.sortByDate === 'acc' ? 'dateAsc' : 'dateDesc';
      const now = app.clock();
      // The viewer's requests and blocks, known to this process: the statement is an anonymous visitor's when they allow (viewer-facts.ts).
      const facts = user ? await app.viewerFacts.of(user.id) : undefined;
      const rows = await listAvailableFoods(db, {
        order,
        near,
        search: q.search,
        limit: limit + 1,
        availableOn: today,
        after,
        viewerId: statementViewer(user?.id, facts),
        now,
        pickup: q.pickupFrom || q.pickupUntil ? { from: q.pickupFrom, until: q.pickupUntil } : undefined,
        facts: { categories: q.category, diets: q.diet, withoutAllergens: q.withoutAllergens },
      });
      return withViewerColumns(page(req, reply, rows, limit, order), facts, now).map((row) => {
        const view = viewOf(row, user?.id);
        const distance = row.chordM === undefined ? {} : { distanceKm: roundedKm(chordToMetres(row.chordM)) };
        return toFood(row, view.showEmail, today, { ...view, ...distance });
      });
    },
  );

  r.get(
    '/api/foods/:id',
    { schema: { tags: ['foods'], params: IdParams, response: { 200: Food } }, serializerCompiler, config: { publicAnswer: true, privateAnswer: true } },
    async (req) => {
      const user = await req.sessionUser();
      const now = app.clock();
      // One statement: the listing, its windows and what this viewer may see of it (views.ts).
      const facts = user ? await app.viewerFacts.of(user.id) : undefined;
      const found = await findListing(db, req.params.id, statementViewer(user?.id, facts), now);
      const [row] = withViewerColumns(found ? [found] : [], facts, now);
      // Unknown, held (shown to its donor only), hidden, banned or blocked: 404 to all but the donor and moderators.
      const shown = row && !(row.heldAt && row.donorId !== user?.id) && canSeeListing(row, user, row.blocked === true);
      if (!shown) throw problem(404, 'No food listing has this id.');
      const view = viewOf(row, user?.id);
      return toFood(row, view.showEmail, localToday(now), view);
    },
  );

  r.post(
    '/api/foods',
    { schema: { tags: ['foods'], body: FoodInput, response: { 201: InsertResult } } },
    async (req, reply) => {
      const donor = await req.requireUser({ fresh: true });
      assertListingImageUrls(req.body, own);
      const insertedId = await limited(db, donor.id, LISTING_COUNTERS, TOO_MANY_LISTINGS, () =>
        createFood(db, req.body, donor, opts.config.authSecret, app.clock()),
      );
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  r.put(
    '/api/foods/:id',
    { schema: { tags: ['foods'], params: IdParams, body: FoodInput, response: { 200: UpdateResult } } },
    async (req) => {
      const donor = await req.requireUser({ fresh: true });
      assertListingImageUrls(req.body, own);
      return updateFood(db, req.params.id, req.body, donor, app.clock(), opts.config.authSecret);
    },
  );

  r.delete(
    '/api/foods/:id',
    { schema: { tags: ['foods'], params: IdParams, response: { 200: DeleteResult } } },
    async (req) => {
      const user = await req.requireUser({ fresh: true });
      return deleteFood(db, req.params.id, user.id, app.notifier);
    },
  );

  recurringOfferRoutes(app);
}
