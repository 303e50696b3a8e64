/**
 * Image rows: metadata in `images`, who uploaded each in `image_uploads`
 *, the variants' bytes through the image store (storage/).
 */
import { eq, sql } from 'drizzle-orm';
import { thumbHashToDataURL } from 'thumbhash';
import type { ImageInfo } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { imageUploads, images } from './schema.js';
import type { ProcessedImage } from './process.js';
import type { ImageStore } from './storage/store.js';

/** How long an upload may wait for a listing or profile to use it (24 h). */
export const ORPHAN_AGE_MS = 24 * 60 * 60 * 1000;

/** The API's view of a stored image row. */
export function toImageInfo(row: { id: string; width: number; height: number; placeholder: string }): ImageInfo {
  return {
    url: `/api/images/${row.id}`,
    width: row.width,
    height: row.height,
    placeholder: thumbHashToDataURL(Buffer.from(row.placeholder, 'base64')),
  };
}

/** The stored image `id` (without its bytes), or undefined. */
export async function findImage(db: Database, id: string) {
  const [row] = await db.select().from(images).where(eq(images.id, id));
  return row;
}

/** The stored image fetched from `url` by the image proxy, or undefined. */
export async function findImageBySource(db: Database, url: string) {
  const [row] = await db.select().from(images).where(eq(images.sourceUrl, url));
  return row;
}

/** Who stores an image: the uploading account, or the proxied URL it came from. */
export type ImageOrigin = { uploaderId: string } | { sourceUrl: string };

/**
 * Stores processed image `id` with its variants (bytes through `store`) in one
 * transaction and records its uploader. The same content stored twice is one row:
 * a second upload (or a concurrent one) only restarts the 24-hour grace period
 * and adds its uploader.
 */
export async function storeImage(db: Database, store: ImageStore, id: string, image: ProcessedImage, origin: ImageOrigin): Promise<void> {
  await db.transaction(async (tx) => {
    const sourceUrl = 'sourceUrl' in origin ? origin.sourceUrl : undefined;
    const inserted = await tx
      .insert(images)
      .values({ id, width: image.width, height: image.height, placeholder: image.placeholder, sourceUrl })
      .onConflictDoUpdate({ target: images.id, set: { createdAt: sql`now()` } })
      .returning({ fresh: sql<boolean>`xmax = 0` });
    if (inserted[0]?.fresh) await store.putVariants(tx, id, image.variants);
    if ('uploaderId' in origin) await recordUpload(tx, id, origin.uploaderId);
  });
}

/** Records that `userId` uploaded image `id` (their uploads go with their account). */
async function recordUpload(db: Database, id: string, userId: string): Promise<void> {
  await db.insert(imageUploads).values({ imageId: id, userId }).onConflictDoNothing();
}

/**
 * Image `id` uploaded again by `uploaderId`: restarts its 24-hour grace period and
 * records the uploader, in one transaction. Returns its row, or undefined when unknown.
 */
export async function touchImage(db: Database, id: string, uploaderId: string) {
  return db.transaction(async (tx) => {
    const [row] = await tx.update(images).set({ createdAt: sql`now()` }).where(eq(images.id, id)).returning();
    if (row) await recordUpload(tx, id, uploaderId);
    return row;
  });
}

// Every place a Plateful image URL can be kept: listings (photo, gallery, donor),
// requests (their copies of those), and users' profile photos.
const ID = `'/api/images/([A-Za-z0-9_-]{43})'`;
const USED = sql.raw(`
  select substring(image_url from ${ID}) as id from foods
  union all select substring(g from ${ID}) from foods, unnest(gallery) as g
  union all select substring(donor_image from ${ID}) from foods
  union all select substring(food_image from ${ID}) from requests
  union all select substring(donor_image from ${ID}) from requests
  union all select substring(requester_image from ${ID}) from requests
  union all select substring(image from ${ID}) from users`);

/**
 * Deletes uploads older than 24 hours (before `now`) that no listing, request or
 * profile uses. One statement, so several server processes may run it
 * at once. Returns how many were deleted.
 */
export async function deleteOrphanImages(db: Database, now: Date = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - ORPHAN_AGE_MS).toISOString();
  const rows = await db.execute<{ id: string }>(sql`
    with used as (${USED})
    delete from images
    where created_at < ${cutoff}::timestamptz
      and not exists (select 1 from used where used.id = images.id)
    returning id`);
  return (Array.isArray(rows) ? rows : (rows as { rows: unknown[] }).rows).length;
}
