/**
 * Photos: the answers of `/api/images` and the shape of Plateful image
 * URLs. Uploads are `multipart/form-data` with one part named `file`.
 */
import { z } from 'zod';
import { IMAGE_WIDTHS, type ImageWidth } from './image-urls.js';

export * from './image-urls.js';

/** Largest upload, bytes (10 MB; above: 413). */
export const IMAGE_MAX_BYTES = 10 * 1024 * 1024;
/** Largest decoded size, pixels (40 megapixels; above: 400, decided from the header). */
export const IMAGE_MAX_PIXELS = 40_000_000;
export { FOOD_GALLERY_MAX } from './limits.js';

/** An image id: the base64url SHA-256 of the uploaded bytes (content address, 43 characters). */
export const ImageId = z.string().regex(/^[A-Za-z0-9_-]{43}$/, { error: 'is not an image id' });

/** Route parameters of `/api/images/{id}`. */
export const ImageParams = z.object({ id: ImageId });

/** Query of `GET /api/images/{id}`: `w` picks a width of {@link IMAGE_WIDTHS} (default 1600). */
export const ImageQuery = z.object({
  w: z.coerce
    .number()
    .refine((w): w is ImageWidth => (IMAGE_WIDTHS as readonly number[]).includes(w), {
      error: `must be one of ${IMAGE_WIDTHS.join(', ')}`,
    })
    .optional(),
});

/**
 * Answer of `POST /api/images` (201) and `GET /api/images/{id}/meta`: `url` is a
 * Plateful path `/api/images/{id}`; `width`/`height` are those of the largest
 * variant (px); `placeholder` is a tiny PNG data URL (ThumbHash) to show while loading.
 */
export const ImageInfo = z.object({
  url: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  placeholder: z.string(),
});
export type ImageInfo = z.infer<typeof ImageInfo>;

/** Query of `GET /api/images/proxy` (only with `IMAGE_PROXY=true`): the external http(s) image and a width. */
export const ImageProxyQuery = ImageQuery.extend({
  url: z.string().max(2048).refine((v) => /^https?:\/\//i.test(v) && URL.canParse(v), { error: 'must be an http or https URL' }),
});
