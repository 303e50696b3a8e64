/**
 * The database schema (Drizzle), one file per feature's tables. drizzle-kit reads
 * every file of this folder (drizzle.config.ts) and generates the migrations in
 * /drizzle; `db/client.ts` hands this barrel to Drizzle. A new feature adds its
 * file here and one export line below.
 */
export * from './auth.js';
export * from './events.js';
export * from './foods.js';
export * from './images.js';
export * from './impact.js';
export * from './messages.js';
export * from './moderation.js';
export * from './notifications.js';
export * from './outbox.js';
export * from './requests.js';
export * from './places.js';
export * from './push.js';
