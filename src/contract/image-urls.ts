/**
 * Plateful image URLs, free of zod so the web client's home page can
 * use them without loading the schemas: the served widths and the URL shape.
 */

/** Widths served for `srcset` (`?w=`); the largest fits the photo within 1600 × 1600 px. */
export const IMAGE_WIDTHS = [320, 640, 1024, 1600] as const;
export type ImageWidth = (typeof IMAGE_WIDTHS)[number];

/** Matches a Plateful image URL or path (`…/api/images/{id}`) and captures the id. */
export const PLATEFUL_IMAGE_RE = /\/api\/images\/([A-Za-z0-9_-]{43})(?:[?#].*)?$/;

/** The id of a Plateful image URL (absolute or a path), or undefined for any other URL. */
export function platefulImageId(url: string): string | undefined {
  return PLATEFUL_IMAGE_RE.exec(url)?.[1];
}
