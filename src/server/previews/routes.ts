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
import { isListedFoodStatus, isLocale, LOCALE_INFO, platefulImageId, type Locale } from '../../contract/index.js';
import { defineMessages } from '../i18n/catalog.js';
import { pageLocale } from '../i18n/negotiate.js';
import type { Config } from '../config.js';
import { foodStatus, toFood, findFood, type FoodRow } from '../foods/repository.js';
import { findListing, toWindows } from '../foods/views.js';
import { proxiedFood } from '../images/urls.js';
import { localToday } from '../lib/dates.js';
import { isFoodWithheld } from '../foods/visibility.js';
import { drawCard, photoCard } from './cards.js';
import type { PageRenderer, Preview } from './page.js';

/** The previews' words (the server catalog's `previews.` group). */
const say = defineMessages('previews', {
  siteDescription: 'Plateful is a community food-sharing app: donors list surplus food and neighbours request it before it goes to waste.',
  siteImageAlt: 'Plateful: share food, not waste',
  unavailableTitle: 'This food is no longer available',
  unavailableDescription: 'It was collected or has expired. Neighbours share more food on Plateful every day.',
  unavailableImageAlt: 'Plateful: no longer available',
  food: 'Quantity {quantity} · expires {expiry}. Shared by {donorName} on Plateful.',
  tagline: 'Share food, not waste',
  siteCardSubtitle: 'Surplus food from neighbours, free to request',
  unavailableCardTitle: 'No longer available',
  unavailableCardSubtitle: 'Find more food shared nearby',
  foodCard: 'Quantity {quantity} · expires {expiry}',
});

/** The `?lang=` of a card image: a shipped locale, English when absent or unknown. */
const CardQuery = z.object({ lang: z.string().max(20).optional() });
const cardLocale = (lang: string | undefined): Locale => (isLocale(lang) ? lang : 'en');
/** The query that asks for a card in `locale` ('' in English, the URLs crawlers already know). */
const langQuery = (locale: Locale) => (locale === 'en' ? '' : `?lang=${locale}`);

/**
 * A listing still open on `today` (Available or Reserved, not collected or past its
 * date), shown to everyone (not held after an account takeover) and not withheld
 * (hidden by a moderator or reports, or its donor banned).
 */
const available = (row: FoodRow | undefined, today: string): row is FoodRow =>
  Boolean(row && !row.heldAt && !isFoodWithheld(row) && isListedFoodStatus(foodStatus(row, today)));

const expiry = (row: FoodRow) => dayjs(row.expiresOn).format('DD MMMM, YYYY');
/** The expiry date in `locale`'s words: English keeps the cards' `DD MMMM, YYYY`. */
const localExpiry = (row: FoodRow, locale: Locale) =>
  locale === 'en' ? expiry(row) : new Intl.DateTimeFormat(locale, { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${row.expiresOn}T00:00:00Z`));

/** The words of a listing's card in `locale`: quantity and expiry, the donor's name; never an address or a point. */
export function foodDescription(row: FoodRow, locale: Locale = 'en'): string {
  return say(locale, 'food', { quantity: row.quantity, expiry: localExpiry(row, locale), donorName: row.donorName });
}

/** Registers the routes; `renderer` holds the built index.html. */
export async function previewRoutes(app: FastifyInstance, opts: { config: Config; renderer: PageRenderer }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { publicUrl, imageProxy } = opts.config;
  const { renderer } = opts;
  const cards = new Map<string, Promise<Buffer>>();
  /** A drawn card (site or unavailable) in `locale`, made once per process. */
  const fixedCard = (kind: 'site' | 'unavailable', locale: Locale) => {
    const key = `${kind}-${locale}`;
    let card = cards.get(key);
    if (!card) {
      const [title, subtitle] =
        kind === 'site' ? [say(locale, 'tagline'), say(locale, 'siteCardSubtitle')] : [say(locale, 'unavailableCardTitle'), say(locale, 'unavailableCardSubtitle')];
      cards.set(key, (card = drawCard(title, subtitle, say(locale, 'tagline'), LOCALE_INFO[locale].dir)));
    }
    return card;
  };
  const sendJpeg = (reply: FastifyReply, bytes: Buffer, maxAge: number) =>
    reply.type('image/jpeg').header('cache-control', `public, max-age=${maxAge}`).header('x-content-type-options', 'nosniff').send(bytes);
  const html = (reply: FastifyReply, body: string, status = 200) =>
    reply.status(status).type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(body);

  const unavailable = (id: string, locale: Locale): Preview => ({
    title: say(locale, 'unavailableTitle'),
    description: say(locale, 'unavailableDescription'),
    siteDescription: say(locale, 'siteDescription'),
    url: `${publicUrl}/food/${id}`,
    image: `${publicUrl}/api/previews/unavailable${langQuery(locale)}`,
    imageAlt: say(locale, 'unavailableImageAlt'),
    locale,
  });

  r.get('/food/:id', { schema: { hide: true, params: z.object({ id: z.string().max(2000) }) } }, async (req, reply) => {
    const { id } = req.params;
    const row = z.uuid().safeParse(id).success ? await findListing(app.db, id, undefined, app.clock()) : undefined;
    const today = localToday(app.clock());
    const locale = await pageLocale(app.db, req);
    reply.header('vary', 'Accept-Language, Cookie');
    const unknown = !row || row.heldAt !== null || isFoodWithheld(row);
    if (!available(row, today)) {
      // A listing nobody else may see (none with this id, held, hidden or its donor banned) is
      // unknown: 404 (RFC 9110 §15.5.5) with the same app shell, whose client says it is not found.
      // A collected or expired one still exists (the API answers it): 200 with the neutral card.
      return html(reply, renderer.render(`/food/${id}`, unavailable(encodeURIComponent(id), locale)), unknown ? 404 : 200);
    }
    const answer = toFood(row, false, today, { windows: toWindows(row.windows) });
    const food = imageProxy ? proxiedFood(answer, publicUrl) : answer;
    const preview: Preview = {
      title: row.name,
      description: foodDescription(row, locale),
      siteDescription: say(locale, 'siteDescription'),
      url: `${publicUrl}/food/${row.id}`,
      image: `${publicUrl}/api/previews/foods/${row.id}${langQuery(locale)}`,
      imageAlt: row.name,
      locale,
    };
    return html(reply, renderer.render(`/food/${row.id}`, preview, food));
  });

  r.get('/api/previews/site', { schema: { hide: true, querystring: CardQuery } }, async (req, reply) =>
    sendJpeg(reply, await fixedCard('site', cardLocale(req.query.lang)), 86_400),
  );
  r.get('/api/previews/unavailable', { schema: { hide: true, querystring: CardQuery } }, async (req, reply) =>
    sendJpeg(reply, await fixedCard('unavailable', cardLocale(req.query.lang)), 86_400),
  );

  r.get('/api/previews/foods/:id', { schema: { hide: true, params: z.object({ id: z.uuid() }), querystring: CardQuery } }, async (req, reply) => {
    const locale = cardLocale(req.query.lang);
    const row = await findFood(app.db, req.params.id);
    if (!available(row, localToday(app.clock()))) return sendJpeg(reply, await fixedCard('unavailable', locale), 600);
    for (const url of [row.imageUrl, ...row.gallery]) {
      const imageId = platefulImageId(url);
      const bytes = imageId ? await photoCard(app.db, app.imageStore, imageId) : undefined;
      if (bytes) return sendJpeg(reply, bytes, 3600);
    }
    const subtitle = say(locale, 'foodCard', { quantity: row.quantity, expiry: localExpiry(row, locale) });
    return sendJpeg(reply, await drawCard(row.name, subtitle, say(locale, 'tagline'), LOCALE_INFO[locale].dir), 3600);
  });
}

/** The site's own card for page `path` (every route but `/food/{id}`), in `locale`. */
export function sitePreview(publicUrl: string, path: string, locale: Locale = 'en'): Preview {
  const description = say(locale, 'siteDescription');
  return {
    title: 'Plateful',
    description,
    siteDescription: description,
    url: `${publicUrl}${path}`,
    image: `${publicUrl}/api/previews/site${langQuery(locale)}`,
    imageAlt: say(locale, 'siteImageAlt'),
    locale,
  };
}
