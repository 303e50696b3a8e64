/**
 * Routes of `/api/places`: place names to points and back, resolved
 * on the server (never from the browser), by the configured geocoder when
 * `GEOCODER_URL` is set, else (or when it is busy or down) by the offline gazetteer;
 * rate limited per address. `/api/map-config` tells the web client its map tiles.
 */
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MapConfig, PLACES, Place, PlacesQuery, ReverseQuery } from '../../contract/index.js';
import type { Config } from '../config.js';
import { consume, sendTooMany } from '../http/limits.js';
import { PLACES_LIMIT } from './limits.js';
import { gazetteer } from './gazetteer.js';
import { geocode, GeocoderUnavailable } from './geocoder.js';

/** Fastify plugin of `/api/places` and `/api/map-config`; needs `app.db`. */
export async function placeRoutes(app: FastifyInstance, opts: { config: Config }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { geocoder, map } = opts.config;

  /** The geocoder's answer, or the gazetteer's when it is not configured or cannot answer now. */
  async function lookUp<T>(online: () => Promise<T | undefined>, offline: () => T): Promise<T> {
    if (!geocoder) return offline();
    try {
      return (await online()) ?? offline();
    } catch (error) {
      if (!(error instanceof GeocoderUnavailable)) throw error;
      app.log.warn({ err: { message: error.message } }, 'geocoder unavailable, answered from the gazetteer');
      return offline();
    }
  }

  app.addHook('onRequest', async (req, reply) => {
    if (!req.routeOptions.url?.startsWith('/api/places')) return;
    const decision = await consume(app.db, `places:${req.ip}`, PLACES_LIMIT);
    if (!decision.allowed) return sendTooMany(reply, decision.retryAfter, 'Too many place lookups. Please wait a moment and try again.');
  });

  r.get(
    '/api/places',
    { schema: { tags: ['places'], querystring: PlacesQuery, response: { 200: z.array(Place) } } },
    async (req) =>
      lookUp(
        () => geocode(app.db, geocoder!, { q: req.query.q }),
        () => gazetteer().search(req.query.q, PLACES.results),
      ),
  );

  r.get(
    '/api/places/reverse',
    { schema: { tags: ['places'], querystring: ReverseQuery, response: { 200: Place } } },
    async (req) =>
      lookUp(
        async () => (await geocode(app.db, geocoder!, { lat: req.query.lat, lng: req.query.lng }))[0],
        () => gazetteer().nearest(req.query.lat, req.query.lng),
      ),
  );

  r.get('/api/map-config', { schema: { tags: ['places'], response: { 200: MapConfig } } }, async (_req, reply) => {
    reply.header('cache-control', 'public, max-age=300');
    return { TileUrl: map.tileUrl, Attribution: map.attribution };
  });
}
