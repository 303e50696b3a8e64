/**
 * Image URLs under `IMAGE_PROXY=true` (issue 12): answers point external images
 * at `/api/images/proxy?url=…` so viewers never contact third-party hosts; writes
 * turn such a URL back into the original, so a form sent back unchanged stores
 * what the donor entered.
 */
import type { Food } from '../../contract/index.js';

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
