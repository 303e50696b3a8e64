/**
 * Where photo bytes live: one small interface, two implementations.
 * On PostgreSQL the bytes stay in the database (`image_variants.bytes`), so every
 * server process and every backup has them (database.ts). On the embedded
 * database they are files under `DATA_DIR/images` (files.ts), because PGlite
 * writes a large `bytea` on the main thread and stalls every other request.
 * `openImageStore` (open.ts) picks one. Both pass tests/api/images/storage.test.ts. Rows (`images`, `image_variants`)
 * are the repository's; a store only puts and reads a variant's bytes.
 */
import type { Database } from '../../db/client.js';

/** One encoded size of a photo: `size` is its key (`?w=`, or a feature's own size such as an og:image). */
export interface ImageVariant {
  size: number;
  contentType: string;
  bytes: Buffer;
}

export interface ImageStore {
  /** `database` (PostgreSQL) or `files` (embedded database). */
  readonly kind: 'database' | 'files';
  /**
   * Adds `variants` of image `imageId`, whose `images` row exists in transaction
   * `tx`; a size already stored keeps its bytes. Readable once `tx` commits.
   */
  putVariants(tx: Database, imageId: string, variants: ImageVariant[]): Promise<void>;
  /** Variant `size` of image `imageId`, or undefined when either is unknown. */
  getVariant(db: Database, imageId: string, size: number): Promise<ImageVariant | undefined>;
  /** Stops its work (and removes a temporary folder); call before the database closes. */
  close(): Promise<void>;
}
