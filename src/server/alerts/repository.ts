/**
 * Alert reads and writes (docs/api.md "Alerts"): a person's saved searches, owner only
 * (others' ids answer 404), at most `MAX_ALERTS_PER_PERSON` each, the centre defaulting
 * to their home area.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { ALERT_RADIUS_KM, MAX_ALERTS_PER_PERSON, type Alert, type AlertInput, type AlertUpdate } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { users } from '../db/schema/index.js';
import { problem } from '../http/problem.js';
import { readHomeArea } from '../places/home-area.js';
import { KM_PER_DEGREE } from './limits.js';
import { alerts } from './schema.js';

export type AlertRow = typeof alerts.$inferSelect;

/** The lower-cased words of `words` a listing's name must each contain (letters and digits runs). */
export function termsOf(words: string): string[] {
  return [...new Set(words.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [])];
}

/** The bounding box of the circle of `radiusKm` around `lat`, `lng` (clamped at the poles and the antimeridian). */
export function boxOf(lat: number, lng: number, radiusKm: number) {
  const dLat = radiusKm / KM_PER_DEGREE;
  const cos = Math.cos((lat * Math.PI) / 180);
  const dLng = cos < 1e-6 ? 180 : Math.min(180, radiusKm / (KM_PER_DEGREE * cos));
  return {
    minLat: Math.max(-90, lat - dLat),
    maxLat: Math.min(90, lat + dLat),
    minLng: Math.max(-180, lng - dLng),
    maxLng: Math.min(180, lng + dLng),
  };
}

/** Maps a row to the API's `Alert`. */
export function toAlert(row: AlertRow): Alert {
  return {
    _id: row.id,
    Words: row.words,
    Categories: row.categories,
    Diet: row.diet,
    WithoutAllergens: row.withoutAllergens,
    Near: { Lat: row.lat, Lng: row.lng },
    RadiusKm: row.radiusKm,
    Push: row.push,
    Email: row.email,
    Paused: row.paused,
    CreatedAt: row.createdAt.toISOString(),
    LastMatchAt: row.lastMatchAt ? row.lastMatchAt.toISOString() : null,
  };
}

/** The columns `input` sets; `row` supplies the place for a partial update. */
function columns(input: AlertUpdate, place: { lat: number; lng: number; radiusKm: number }) {
  const lat = input.Near?.Lat ?? place.lat;
  const lng = input.Near?.Lng ?? place.lng;
  const radiusKm = input.RadiusKm ?? place.radiusKm;
  return {
    ...(input.Words === undefined ? {} : { words: input.Words, terms: termsOf(input.Words) }),
    ...(input.Categories === undefined ? {} : { categories: input.Categories }),
    ...(input.Diet === undefined ? {} : { diet: input.Diet }),
    ...(input.WithoutAllergens === undefined ? {} : { withoutAllergens: input.WithoutAllergens }),
    ...(input.Push === undefined ? {} : { push: input.Push }),
    ...(input.Email === undefined ? {} : { email: input.Email }),
    ...(input.Paused === undefined ? {} : { paused: input.Paused }),
    lat,
    lng,
    radiusKm,
    ...boxOf(lat, lng, radiusKm),
  };
}

/**
 * Saves a new alert of `userId`; one transaction with the person's row locked, so two
 * concurrent saves cannot pass the cap. Without `Near` the home area is the centre (and
 * its radius the default).
 * @throws 400 `near_required` without `Near` and home area, 409 `too_many_alerts` past the cap.
 */
export async function createAlert(db: Database, userId: string, input: AlertInput): Promise<string> {
  return db.transaction(async (tx) => {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const [count] = await tx.select({ n: sql<number>`count(*)::int` }).from(alerts).where(eq(alerts.userId, userId));
    if ((count?.n ?? 0) >= MAX_ALERTS_PER_PERSON) {
      throw problem(409, `You can keep at most ${MAX_ALERTS_PER_PERSON} alerts. Delete one to save another.`, { code: 'too_many_alerts' });
    }
    const home = input.Near ? null : await readHomeArea(tx, userId);
    if (!input.Near && !home) {
      throw problem(400, 'Say where to look: a place, or a home area in your profile.', {
        code: 'validation_failed',
        errors: [{ field: 'Near', message: 'is required without a home area', code: 'near_required' }],
      });
    }
    const place = { lat: home?.Lat ?? 0, lng: home?.Lng ?? 0, radiusKm: Math.min(home?.RadiusKm ?? ALERT_RADIUS_KM.default, ALERT_RADIUS_KM.max) };
    const [row] = await tx.insert(alerts).values({ userId, ...columns(input, place) }).returning({ id: alerts.id });
    return row!.id;
  });
}

/** The alerts of `userId`, newest first. */
export async function listAlerts(db: Database, userId: string): Promise<AlertRow[]> {
  return db.select().from(alerts).where(eq(alerts.userId, userId)).orderBy(desc(alerts.createdAt), desc(alerts.id));
}

/**
 * Changes `userId`'s alert `id` (absent fields kept); one transaction.
 * @throws 404 when there is no such alert of theirs.
 */
export async function updateAlert(db: Database, userId: string, id: string, input: AlertUpdate) {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(alerts).where(and(eq(alerts.id, id), eq(alerts.userId, userId))).for('update');
    if (!row) throw problem(404, 'You have no alert with this id.');
    const next = columns(input, row);
    const changed = (Object.keys(next) as (keyof typeof next)[]).some((k) => JSON.stringify(next[k]) !== JSON.stringify(row[k]));
    if (changed) await tx.update(alerts).set({ ...next, updatedAt: sql`now()` }).where(eq(alerts.id, id));
    return { acknowledged: true as const, matchedCount: 1, modifiedCount: changed ? 1 : 0 };
  });
}

/**
 * Deletes `userId`'s alert `id`.
 * @throws 404 when there is no such alert of theirs.
 */
export async function deleteAlert(db: Database, userId: string, id: string) {
  const gone = await db.delete(alerts).where(and(eq(alerts.id, id), eq(alerts.userId, userId))).returning({ id: alerts.id });
  if (!gone.length) throw problem(404, 'You have no alert with this id.');
  return { acknowledged: true as const, deletedCount: gone.length };
}

/** Turns off the mail of alert `id` (one-click unsubscribe); resolves with whether it changed, undefined when it is gone. */
export async function stopAlertMail(db: Database, id: string): Promise<boolean | undefined> {
  const [row] = await db.select({ email: alerts.email }).from(alerts).where(eq(alerts.id, id));
  if (!row) return undefined;
  if (!row.email) return false;
  await db.update(alerts).set({ email: false, updatedAt: sql`now()` }).where(eq(alerts.id, id));
  return true;
}
