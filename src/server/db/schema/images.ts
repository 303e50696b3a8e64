/** Uploaded photos and their encoded variants (issue 12). */
import { customType, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** PostgreSQL `bytea` as a Node Buffer (PGlite hands back a Uint8Array, node-postgres a Buffer). */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * An uploaded photo (issue 12), content-addressed: `id` is the base64url SHA-256
 * of the uploaded bytes, so the same photo uploaded twice is one row. `width` and
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

/** The encoded variants of a photo: one WebP per width of `IMAGE_WIDTHS` (contract/images.ts). */
export const imageVariants = pgTable(
  'image_variants',
  {
    imageId: text('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    /** The nominal width asked for with `?w=`; the variant fits within it × it. */
    size: integer('size').notNull(),
    contentType: text('content_type').notNull(),
    bytes: bytea('bytes').notNull(),
  },
  (t) => [primaryKey({ columns: [t.imageId, t.size] })],
);
