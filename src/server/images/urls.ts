/**
 * Image URLs. Under `IMAGE_PROXY=true`: answers point external images
 * at `/api/images/proxy?url=…` so viewers never contact third-party hosts; writes
 * turn such a URL back into the original, so a form sent back unchanged stores
 * what the donor entered. Stored image URLs of Plateful's own origin must name one
 * of its image paths.
 */
import type { Food } from '../../contract/index.js';
import type { Config } from '../config.js';
import { problem } from '../http/problem.js';

const PROXY_PATH = '/api/images/proxy';

/** `url` through the proxy of `publicUrl`, unless it is a Plateful URL or path already. */
export function proxied(url: string, publicUrl: string): string {
  if (url.startsWith('/') || url.startsWith(`${publicUrl}/`) || !/^https?:\/\//i.test(url)) return url;
  return `${publicUrl}${PROXY_PATH}?url=${encodeURIComponent(url)}`;
}

/** The original URL of a proxy URL (of any origin), or `url` itself. */
export function unproxied(url: string): string {
  if (!URL.canParse(url)) return url;
  const u = new URL(url);
  return u.pathname === PROXY_PATH && u.searchParams.has('url') ? u.searchParams.get('url')! : url;
}

/** A listing answer with its photos and donor image proxied. */
export function proxiedFood(food: Food, publicUrl: string): Food {
  return {
    ...food,
    FoodImage: proxied(food.FoodImage, publicUrl),
    ...(food.FoodGallery ? { FoodGallery: food.FoodGallery.map((u) => proxied(u, publicUrl)) } : {}),
    Donator: { ...food.Donator, Image: proxied(food.Donator.Image, publicUrl) },
  };
}

/** Paths of Plateful's own origin that serve images: uploads (and the proxy), and the demo images. */
const OWN_IMAGE_PATHS = ['/api/images/', '/images/'];

/** Plateful's own origins: PUBLIC_URL, and its loopback aliases when it is one (config.trustedOrigins without CORS_ORIGINS). */
export function ownOrigins(config: Pick<Config, 'trustedOrigins' | 'corsOrigins'>): Set<string> {
  const cors = new Set(config.corsOrigins.map((o) => (URL.canParse(o) ? new URL(o).origin : o)));
  return new Set(config.trustedOrigins.map((o) => new URL(o).origin).filter((o) => !cors.has(o)));
}

/**
 * True when `url` points at one of `origins` (Plateful itself) but not at an image
 * path: shown as an image, `<app>/api/logout` would sign out every viewer.
 * Paths are compared after the URL parser resolved `..` and `%2e%2e` segments.
 */
export function isOwnNonImageUrl(url: string, origins: Set<string>): boolean {
  if (!URL.canParse(url)) return false;
  const u = new URL(url);
  return origins.has(u.origin) && !OWN_IMAGE_PATHS.some((p) => u.pathname.startsWith(p));
}

/** The message for a field holding such a URL. */
export const OWN_URL_MESSAGE = 'must be an image of this site (/api/images/… or /images/…) when it points at this site';

/**
 * Checks the image URLs of a listing body (`FoodImage`, `FoodGallery`).
 * @throws 400 problem whose `errors` name the first offending field.
 */
export function assertListingImageUrls(body: { FoodImage: string; FoodGallery?: string[] }, origins: Set<string>): void {
  const fields: [string, string][] = [['FoodImage', body.FoodImage], ...(body.FoodGallery ?? []).map((u, i): [string, string] => [`FoodGallery.${i}`, u])];
  const bad = fields.find(([, url]) => isOwnNonImageUrl(url, origins));
  if (bad) throw problem(400, `${bad[0]} ${OWN_URL_MESSAGE}.`, { errors: [{ field: bad[0], message: OWN_URL_MESSAGE }] });
}
