/**
 * Database schema (Drizzle). Better Auth's tables (users, sessions, accounts,
 * verifications, rate_limits) and Plateful's own: foods and requests
 * (SPEC.md §3, DESIGN.md "Data"), and the mail outbox (DESIGN.md "Beyond the spec
 * (turn 2)"). Migrations in /drizzle are generated from this file.
 */
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { REQUEST_STATUSES } from '../../contract/limits.js';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** Better Auth `user`: the spec's displayName is `name`, photoURL is `image`. */
export const users = pgTable('users', {
  id: text('id').primaryKey(),
  name: text('name').notNull(),
  email: text('email').notNull().unique(),
  emailVerified: boolean('email_verified').notNull().default(false),
  image: text('image'),
  ...timestamps,
});

/** Better Auth `session`: one row per signed-in browser. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (t) => [index('sessions_user_id_idx').on(t.userId)],
);

/** Better Auth `account`: a password credential or a linked Google identity. */
export const accounts = pgTable(
  'accounts',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (t) => [index('accounts_user_id_idx').on(t.userId)],
);

/** Better Auth `verification`: password-reset and OAuth state tokens. */
export const verifications = pgTable(
  'verifications',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index('verifications_identifier_idx').on(t.identifier)],
);

/** Better Auth `rateLimit`, stored in the database so limits hold across processes. */
export const rateLimits = pgTable('rate_limits', {
  id: text('id').primaryKey(),
  key: text('key').notNull().unique(),
  count: integer('count').notNull(),
  lastRequest: bigint('last_request', { mode: 'number' }).notNull(),
});


/**
 * A food listing (SPEC.md §3 Food). The donor's name, photo and email are
 * copied from the user at creation, as the spec's `Donator`.
 */
export const foods = pgTable(
  'foods',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    imageUrl: text('image_url').notNull(),
    quantity: integer('quantity').notNull(),
    pickupLocation: text('pickup_location').notNull(),
    /** Last day the food may be picked up; available while >= today. */
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    notes: text('notes').notNull(),
    /** Issue 12: further photo URLs after `image_url` (at most 4). */
    gallery: text('gallery').array().notNull().default(sql`'{}'::text[]`),
    donorId: text('donor_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    donorName: text('donor_name').notNull(),
    donorImage: text('donor_image').notNull(),
    donorEmail: text('donor_email').notNull(),
    ...timestamps,
  },
  (t) => [
    index('foods_expires_on_idx').on(t.expiresOn, t.id),
    index('foods_quantity_idx').on(t.quantity, t.id),
    // A donor's own list (`?email=`) reads in order from this index, no sort.
    index('foods_donor_id_expires_on_idx').on(t.donorId, t.expiresOn, t.id),
    index('foods_name_trgm_idx').using('gin', t.name.op('gin_trgm_ops')),
    check('foods_quantity_positive', sql`${t.quantity} > 0`),
  ],
);

/**
 * A request for a food (SPEC.md §3 Request): the food's fields and donor are
 * copied at creation; deleting the food withdraws its requests.
 */
export const requests = pgTable(
  'requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    foodId: uuid('food_id')
      .notNull()
      .references(() => foods.id, { onDelete: 'cascade' }),
    foodName: text('food_name').notNull(),
    foodImage: text('food_image').notNull(),
    pickupLocation: text('pickup_location').notNull(),
    expiresOn: date('expires_on', { mode: 'string' }).notNull(),
    donorId: text('donor_id').notNull(),
    donorName: text('donor_name').notNull(),
    donorImage: text('donor_image').notNull(),
    donorEmail: text('donor_email').notNull(),
    notes: text('notes').notNull(),
    donationMoney: text('donation_money').notNull(),
    requesterId: text('requester_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requesterName: text('requester_name').notNull(),
    requesterImage: text('requester_image').notNull(),
    requesterEmail: text('requester_email').notNull(),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull().default('Pending'),
  },
  (t) => [
    index('requests_food_id_idx').on(t.foodId, t.requestedAt),
    index('requests_requester_id_idx').on(t.requesterId, t.requestedAt),
    // DESIGN.md: nobody requests the same food twice while a request is pending.
    uniqueIndex('requests_one_pending_per_requester')
      .on(t.foodId, t.requesterId)
      .where(sql`${t.status} = 'Pending'`),
    check('requests_status_known', sql`${t.status} in (${sql.raw(REQUEST_STATUSES.map((s) => `'${s}'`).join(', '))})`),
  ],
);

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

/**
 * The durable mail outbox (DESIGN.md "Beyond the spec (turn 2)", issue 13): a row is
 * written in the same transaction as the event that causes the mail, and a worker
 * sends it after commit (src/server/outbox). `run_at` is when the row is next due:
 * a claim pushes it one lease ahead, a failure by the backoff. Sent rows are deleted;
 * a row that failed `attempts` times for good keeps `failed_at` and `last_error`.
 */
export const outbox = pgTable(
  'outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    headers: jsonb('headers').$type<Record<string, string>>(),
    attempts: integer('attempts').notNull().default(0),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // The worker's claim reads due rows in order from this index.
  (t) => [index('outbox_due_idx').on(t.runAt).where(sql`${t.failedAt} is null`)],
);
