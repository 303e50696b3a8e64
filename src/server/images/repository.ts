/** Storage of photos (issue 12) in the database, so every server process and every backup has them. */
import { and, eq, sql } from 'drizzle-orm';
import { thumbHashToDataURL } from 'thumbhash';
import type { ImageInfo, ImageWidth } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { imageVariants, images } from '../db/schema/index.js';
import type { ProcessedImage } from './process.js';

/** How long an upload may wait for a listing or profile to use it (issue 12: 24 h). */
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

/**
 * Stores a processed image and its variants in one transaction. The same content
 * stored twice is one row: a second upload (or a concurrent one) changes nothing,
 * except that a fresh upload restarts its 24-hour grace period.
 */
export async function storeImage(db: Database, image: ProcessedImage, sourceUrl?: string): Promise<void> {
  await db.transaction(async (tx) => {
    const inserted = await tx
      .insert(images)
      .values({ id: image.id, width: image.width, height: image.height, placeholder: image.placeholder, sourceUrl })
      .onConflictDoUpdate({ target: images.id, set: { createdAt: sql`now()` } })
      .returning({ fresh: sql<boolean>`xmax = 0` });
    if (!inserted[0]?.fresh) return;
    await tx
      .insert(imageVariants)
      .values(image.variants.map((v) => ({ imageId: image.id, size: v.size, contentType: v.contentType, bytes: v.bytes })))
      .onConflictDoNothing();
  });
}

/** Restarts the 24-hour grace period of image `id` (uploaded again); returns its row, or undefined. */
export async function touchImage(db: Database, id: string) {
  const [row] = await db.update(images).set({ createdAt: sql`now()` }).where(eq(images.id, id)).returning();
  return row;
}

/** One variant's bytes and type, or undefined. */
export async function findVariant(db: Database, id: string, size: ImageWidth) {
  const [row] = await db
    .select({ contentType: imageVariants.contentType, bytes: imageVariants.bytes })
    .from(imageVariants)
    .where(and(eq(imageVariants.imageId, id), eq(imageVariants.size, size)));
  return row;
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
 * profile uses (issue 12). One statement, so several server processes may run it
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
