/**
 * The core tables every feature reads: Better Auth's (users, sessions, accounts,
 * verifications, rate limits), the listings and their requests (SPEC.md §7's
 * objects). Each feature keeps its other tables in its own `schema.ts`; drizzle-kit
 * reads this folder and every `src/server/<feature>/schema.ts` (drizzle.config.ts)
 * and generates the migrations in /drizzle. docs/architecture.md says why these
 * stay here: nearly every feature reads them, so owning them in a feature would
 * tie the folders into a loop.
 */
export * from './auth.js';
export * from './foods.js';
export * from './requests.js';
