/**
 * The PostgreSQL image store: variant bytes in `image_variants.bytes`,
 * written in the caller's transaction and removed with their row by the foreign
 * key's cascade.
 */
import { and, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { imageVariants } from '../schema.js';
import type { ImageStore, ImageVariant } from './store.js';

/** A variant row with its bytes (the database store's), or its type alone (the file store's). */
export async function variantRow(db: Database, imageId: string, size: number) {
  const [row] = await db
    .select({ contentType: imageVariants.contentType, bytes: imageVariants.bytes })
    .from(imageVariants)
    .where(and(eq(imageVariants.imageId, imageId), eq(imageVariants.size, size)));
  return row;
}

/** Inserts variant rows (`bytes` null when a file holds them); an existing size is kept. */
export async function insertVariants(tx: Database, imageId: string, variants: ImageVariant[], withBytes: boolean) {
  if (variants.length === 0) return;
  await tx
    .insert(imageVariants)
    .values(variants.map((v) => ({ imageId, size: v.size, contentType: v.contentType, bytes: withBytes ? v.bytes : null })))
    .onConflictDoNothing();
}

/** The store that keeps bytes in the database. */
export function openDatabaseStore(): ImageStore {
  return {
    kind: 'database',
    putVariants: (tx, imageId, variants) => insertVariants(tx, imageId, variants, true),
    async getVariant(db, imageId, size) {
      const row = await variantRow(db, imageId, size);
      return row?.bytes ? { size, contentType: row.contentType, bytes: row.bytes } : undefined;
    },
    close: async () => {},
  };
}
