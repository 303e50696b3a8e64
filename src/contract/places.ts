/**
 * Places: points on listings, the `near` search of `/api/foods`,
 * and the place-name lookups of `/api/places`. Coordinates are WGS 84 degrees.
 */
import { z } from 'zod';
import { optionalText } from './common.js';
import { PLACES } from './limits.js';

const lat = z.number({ error: 'must be a latitude in degrees' }).min(-90, { error: 'must be at least -90' }).max(90, { error: 'must be at most 90' });
const lng = z
  .number({ error: 'must be a longitude in degrees' })
  .min(-180, { error: 'must be at least -180' })
  .max(180, { error: 'must be at most 180' });

/** A pickup point sent by a donor (`Location` of `POST`/`PUT /foods`). */
export const LocationInput = z.strictObject({ Lat: lat, Lng: lng });
export type LocationInput = z.infer<typeof LocationInput>;

/**
 * A listing's point as answered: the public point blurred when saved
 * (`Approximate: true`), or the exact one for its donor and accepted requester.
 */
export const Location = z.object({ Lat: z.number(), Lng: z.number(), Approximate: z.boolean() });
export type Location = z.infer<typeof Location>;

/** Parses `lat,lng` (the `near` parameter); undefined when malformed or out of range. */
export function parseLatLng(text: string): { lat: number; lng: number } | undefined {
  const m = /^\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*,\s*(-?\d{1,3}(?:\.\d{1,12})?)\s*$/.exec(text);
  if (!m) return undefined;
  const point = { lat: Number(m[1]), lng: Number(m[2]) };
  return LocationInput.safeParse({ Lat: point.lat, Lng: point.lng }).success ? point : undefined;
}

/** The `near` query parameter: `lat,lng` in degrees, parsed to `{ lat, lng }` (400 when malformed or out of range). */
export const NearParam = z
  .string()
  .max(64)
  .refine((v) => parseLatLng(v) !== undefined, { error: 'must be lat,lng in degrees (latitude -90..90, longitude -180..180)' })
  .transform((v) => parseLatLng(v)!);

/** A latitude or longitude in a query string. */
const queryCoordinate = (schema: z.ZodNumber) => z.coerce.number({ error: 'must be a number' }).pipe(schema);

/** Query of `GET /api/places`: a place name, at least 3 characters. */
export const PlacesQuery = z.object({
  q: z
    .string()
    .trim()
    .min(PLACES.queryMin, { error: `must be at least ${PLACES.queryMin} characters` })
    .max(PLACES.queryMax, { error: `must be at most ${PLACES.queryMax} characters` })
    .refine((v) => !v.includes('\u0000'), { error: 'must not contain NUL characters' }),
});

/** Query of `GET /api/places/reverse`. */
export const ReverseQuery = z.object({ lat: queryCoordinate(lat), lng: queryCoordinate(lng) });

/** A named place: a town from the gazetteer or the configured geocoder. */
export const Place = z.object({ Name: z.string(), Region: z.string(), Country: z.string(), Lat: z.number(), Lng: z.number() });
export type Place = z.infer<typeof Place>;

/** The map tiles the web client shows (`MAP_TILE_URL`, `MAP_ATTRIBUTION`). */
export const MapConfig = z.object({ TileUrl: z.string(), Attribution: z.string() });
export type MapConfig = z.infer<typeof MapConfig>;

/** A radius in km of a `near` search or a home area (1–50). */
const radiusKm = z
  .number({ error: 'must be a number of km' })
  .min(PLACES.radiusMinKm, { error: `must be at least ${PLACES.radiusMinKm}` })
  .max(PLACES.radiusMaxKm, { error: `must be at most ${PLACES.radiusMaxKm}` });

/**
 * Body of `PUT /api/account/home-area`: the signed-in user's home area, the default
 * position of their 'Near' search on Available Foods. `Name` (optional, one line)
 * is how the place box shows it; absent or null becomes ''.
 */
export const HomeAreaInput = z.strictObject({
  Name: optionalText(PLACES.homeNameMax, { line: true }),
  Lat: lat,
  Lng: lng,
  RadiusKm: radiusKm,
});
export type HomeAreaInput = z.infer<typeof HomeAreaInput>;

/** A saved home area as answered (only ever to its owner). */
export const HomeArea = z.object({ Name: z.string(), Lat: z.number(), Lng: z.number(), RadiusKm: z.number() });
export type HomeArea = z.infer<typeof HomeArea>;

/** Answer of `GET /api/account/home-area`: the saved area, or null when none is saved. */
export const HomeAreaAnswer = z.object({ HomeArea: HomeArea.nullable() });
export type HomeAreaAnswer = z.infer<typeof HomeAreaAnswer>;
