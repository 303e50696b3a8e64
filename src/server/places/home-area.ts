/**
 * The home area: a signed-in person's default position and radius for the
 * 'Near' search of Available Foods, saved in their profile. Only its owner reads it
 * (`/api/account/home-area`, `no-store`) and the account export; no other answer joins it.
 * It is kept exact (not blurred like a listing's public point) because nobody else sees it.
 */
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DeleteResult, HomeAreaAnswer, HomeAreaInput, UpdateResult, type HomeArea } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { homeAreas } from './schema.js';

/** The saved home area of `userId`, or null. */
export async function readHomeArea(db: Database, userId: string): Promise<HomeArea | null> {
  const [row] = await db.select().from(homeAreas).where(eq(homeAreas.userId, userId));
  return row ? { Name: row.name, Lat: row.lat, Lng: row.lng, RadiusKm: row.radiusKm } : null;
}

/** Saves (creates or replaces) the home area of `userId`; one statement. */
export async function saveHomeArea(db: Database, userId: string, area: HomeAreaInput): Promise<void> {
  const values = { name: area.Name, lat: area.Lat, lng: area.Lng, radiusKm: area.RadiusKm, updatedAt: new Date() };
  await db
    .insert(homeAreas)
    .values({ userId, ...values })
    .onConflictDoUpdate({ target: homeAreas.userId, set: values });
}

/** Forgets the home area of `userId`; returns how many were deleted (0 or 1). */
export async function clearHomeArea(db: Database, userId: string): Promise<number> {
  return (await db.delete(homeAreas).where(eq(homeAreas.userId, userId)).returning({ userId: homeAreas.userId })).length;
}

/** Fastify plugin of `GET`/`PUT`/`DELETE /api/account/home-area`; needs `app.db` and a session. */
export async function homeAreaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.db;

  r.get(
    '/api/account/home-area',
    { schema: { tags: ['account'], description: 'The signed-in user’s home area, or null.', response: { 200: HomeAreaAnswer } } },
    async (req, reply) => {
      const user = await req.requireUser();
      reply.header('cache-control', 'no-store');
      return { HomeArea: await readHomeArea(db, user.id) };
    },
  );

  r.put(
    '/api/account/home-area',
    {
      schema: {
        tags: ['account'],
        description: 'Saves the signed-in user’s home area: the default position and radius (1–50 km) of their Near search.',
        body: HomeAreaInput,
        response: { 200: UpdateResult },
      },
    },
    async (req) => {
      const user = await req.requireUser({ fresh: true });
      await saveHomeArea(db, user.id, req.body);
      // Mongo terms: the home area is a field of the person's one profile document.
      return { acknowledged: true as const, matchedCount: 1, modifiedCount: 1 };
    },
  );

  r.delete(
    '/api/account/home-area',
    { schema: { tags: ['account'], description: 'Forgets the signed-in user’s home area.', response: { 200: DeleteResult } } },
    async (req) => {
      const user = await req.requireUser({ fresh: true });
      return { acknowledged: true as const, deletedCount: await clearHomeArea(db, user.id) };
    },
  );
}
