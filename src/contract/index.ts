/**
 * The API contract: zod schemas of every body, query and answer of `/api`,
 * with their inferred types, and the web client's page table (routes.ts). Imported by
 * server and web alike; imports nothing of ours beyond this folder.
 */
export * from './common.js';
export * from './foods.js';
export * from './pickups.js';
export * from './facts.js';
export * from './alerts.js';
export * from './calendar.js';
export * from './images.js';
export * from './requests.js';
export * from './session.js';
export * from './account.js';
export * from './messages.js';
export * from './notifications.js';
export * from './places.js';
export * from './moderation.js';
export * from './push.js';
export * from './impact.js';
export * from './held.js';
export * from './wanted.js';
export * from './locales.js';
export * from './routes.js';
