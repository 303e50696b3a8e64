/** Uploaded photos, their encoded variants and who uploaded them. */
import { customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../db/schema/auth.js';

/** PostgreSQL `bytea` as a Node Buffer (PGlite hands back a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An uploaded photo, content-addressed: `id` is the base64url
 * HMAC-SHA-256 under the server secret of the upload's SHA-256 (rows
 * stored before carry the plain SHA-256 and keep it), so the same photo uploaded
 * twice is one row. `width` and
 * `height` are those of the largest variant; `placeholder` a ThumbHash (base64).
 * `source_url` is set for external images fetched by the image proxy.
 */
export const images = pgTable(
  'images',
  {
    id: text('id').primaryKey(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    placeholder: text('placeholder').notNull(),
    sourceUrl: text('source_url'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('images_source_url_idx').on(t.sourceUrl), index('images_created_at_idx').on(t.createdAt)],
);

/**
 * The encoded variants of a photo: one WebP per width of `IMAGE_WIDTHS` (contract/images.ts),
 * and any further size a feature derives. `bytes` holds them on PostgreSQL; on the
 * embedded database it is null and they are a file under `DATA_DIR/images`
 * (images/storage/), removed after a deleted row's commit through
 * `image_file_removals`.
 */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: text('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    /** The nominal width asked for with `?w=`; the variant fits within it × it. */
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes'),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.size] })],
);

/**
 * Who uploaded a photo: one row per account that uploaded the same
 * content. When the last uploader's account is deleted, a trigger deletes the
 * image in that same transaction (migration 0009).
 */
export const imageUploads = pgTable(
  'image_uploads',
  {
    imageId: text('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    uploadedAt: timestamp('uploaded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.userId] }), index('image_uploads_user_idx').on(t.userId)],
);

/**
 * Variant files to remove (embedded database only): a trigger adds a row
 * when a variant row without `bytes` is deleted, and notifies `plateful_image_files`
 * so the file store unlinks the file once the deletion has committed.
 */
export const imageFileRemovals = pgTable('image_file_removals', {
  imageId: text('image_id').notNull(),
  size: integer('size').notNull(),
  removedAt: timestamp('removed_at', { withTimezone: true }).notNull().defaultNow(),
});
