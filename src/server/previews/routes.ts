/**
 * Link previews: `GET /food/{id}` answers the app's HTML with the
 * food's card (or a neutral "no longer available" card once it cannot be had),
 * every other page the site's card (static.ts calls `sitePage`), and the card
 * images under `/api/previews/` (1200 × 630 JPEG).
 */
import dayjs from 'dayjs';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isListedFoodStatus, platefulImageId } from '../../contract/index.js';
import type { Config } from '../config.js';
import { foodStatus, toFood, findFood, type FoodRow } from '../foods/repository.js';
import { windowsByFood } from '../foods/windows.js';
import { proxiedFood } from '../images/urls.js';
import { localToday } from '../lib/dates.js';
import { isFoodWithheld } from '../foods/visibility.js';
import { drawCard, photoCard } from './cards.js';
import type { PageRenderer, Preview } from './page.js';

const SITE_DESCRIPTION =
  'Plateful is a community food-sharing app: donors list surplus food and neighbours request it before it goes to waste.';

/**
 * A listing still open on `today` (Available or Reserved, not collected or past its
 * date), shown to everyone (not held after an account takeover) and not withheld
 * (hidden by a moderator or reports, or its donor banned).
 */
const available = (row: FoodRow | undefined, today: string): row is FoodRow =>
  Boolean(row && !row.heldAt && !isFoodWithheld(row) && isListedFoodStatus(foodStatus(row, today)));

const expiry = (row: FoodRow) => dayjs(row.expiresOn).format('DD MMMM, YYYY');

/** The words of a listing's card: quantity and expiry, the donor's name; never an address or a point. */
export function foodDescription(row: FoodRow): string {
  return `Quantity ${row.quantity} · expires ${expiry(row)}. Shared by ${row.donorName} on Plateful.`;
}

/** Registers the routes; `renderer` holds the built index.html. */
export async function previewRoutes(app: FastifyInstance, opts: { config: Config; renderer: PageRenderer }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { publicUrl, imageProxy } = opts.config;
  const { renderer } = opts;
  const cards = new Map<string, Promise<Buffer>>();
  /** A drawn card made once per process. */
  const fixedCard = (key: string, title: string, subtitle: string) => {
    let card = cards.get(key);
    if (!card) cards.set(key, (card = drawCard(title, subtitle)));
    return card;
  };
  const sendJpeg = (reply: FastifyReply, bytes: Buffer, maxAge: number) =>
    reply.type('image/jpeg').header('cache-control', `public, max-age=${maxAge}`).header('x-content-type-options', 'nosniff').send(bytes);
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(body);

  const unavailable = (id: string): Preview => ({
    title: 'This food is no longer available',
    description: 'It was collected or has expired. Neighbours share more food on Plateful every day.',
    url: `${publicUrl}/food/${id}`,
    image: `${publicUrl}/api/previews/unavailable`,
    imageAlt: 'Plateful: no longer available',
  });

  r.get('/food/:id', { schema: { hide: true, params: z.object({ id: z.string().max(2000) }) } }, async (req, reply) => {
    const { id } = req.params;
    const row = z.uuid().safeParse(id).success ? await findFood(app.db, id) : undefined;
    const today = localToday(app.clock());
    const unknown = !row || row.heldAt !== null || isFoodWithheld(row);
    if (!available(row, today)) {
      // A listing nobody else may see (none with this id, held, hidden or its donor banned) is
      // unknown: 404 (RFC 9110 §15.5.5) with the same app shell, whose client says it is not found.
      // A collected or expired one still exists (the API answers it): 200 with the neutral card.
      return html(reply, renderer.render(`/food/${id}`, unavailable(encodeURIComponent(id))), unknown ? 404 : 200);
    }
    const answer = toFood(row, false, today, { windows: (await windowsByFood(app.db, [row.id])).get(row.id) });
    const food = imageProxy ? proxiedFood(answer, publicUrl) : answer;
    const preview: Preview = {
      title: row.name,
      description: foodDescription(row),
      url: `${publicUrl}/food/${row.id}`,
      image: `${publicUrl}/api/previews/foods/${row.id}`,
      imageAlt: row.name,
    };
    return html(reply, renderer.render(`/food/${row.id}`, preview, food));
  });

  r.get('/api/previews/site', { schema: { hide: true } }, async (_req, reply) =>
    sendJpeg(reply, await fixedCard('site', 'Share food, not waste', 'Surplus food from neighbours, free to request'), 86_400),
  );
  r.get('/api/previews/unavailable', { schema: { hide: true } }, async (_req, reply) =>
    sendJpeg(reply, await fixedCard('unavailable', 'No longer available', 'Find more food shared nearby'), 86_400),
  );

  r.get('/api/previews/foods/:id', { schema: { hide: true, params: z.object({ id: z.uuid() }) } }, async (req, reply) => {
    const row = await findFood(app.db, req.params.id);
    if (!available(row, localToday(app.clock()))) return sendJpeg(reply, await fixedCard('unavailable', 'No longer available', 'Find more food shared nearby'), 600);
    for (const url of [row.imageUrl, ...row.gallery]) {
      const imageId = platefulImageId(url);
      const bytes = imageId ? await photoCard(app.db, app.imageStore, imageId) : undefined;
      if (bytes) return sendJpeg(reply, bytes, 3600);
    }
    return sendJpeg(reply, await drawCard(row.name, `Quantity ${row.quantity} · expires ${expiry(row)}`), 3600);
  });
}

/** The site's own card for page `path` (every route but `/food/{id}`). */
export function sitePreview(publicUrl: string, path: string): Preview {
  return {
    title: 'Plateful',
    description: SITE_DESCRIPTION,
    url: `${publicUrl}${path}`,
    image: `${publicUrl}/api/previews/site`,
    imageAlt: 'Plateful: share food, not waste',
  };
}
