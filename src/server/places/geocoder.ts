/**
 * The optional online geocoder (`GEOCODER_URL`): a Photon- or
 * Nominatim-compatible service used with the usage policy those services publish:
 * at most one request per second for the whole instance (a slot reserved in the
 * shared `limit_counters` table, so every process on one database counts together), a
 * User-Agent naming the instance, and answers cached in `place_cache` for a week.
 */
import { eq, sql } from 'drizzle-orm';
import type { Place } from '../../contract/index.js';
import { PLACES } from '../../contract/index.js';
import type { Database } from '../db/client.js';
import { placeCache } from './schema.js';

/**
 * Spacing of requests to the service, for the whole instance: Nominatim's usage policy
 * asks for at most 1 per second; the extra 200 ms absorb the jitter between a request's
 * turn and its arrival (connection set-up, a busy event loop), so the service never sees two
 * within a second.
 */
export const GEOCODER_SPACING_MS = 1200;
/** How long a cached answer is used. */
export const GEOCODER_CACHE_MS = 7 * 24 * 3600 * 1000;
/** A lookup that would wait longer than this for its slot is not sent (the caller falls back). */
const MAX_WAIT_MS = 5000;
const TIMEOUT_MS = 5000;

export interface GeocoderOptions {
  url: string;
  kind: 'photon' | 'nominatim';
  /** User-Agent of every request, naming the instance. */
  userAgent: string;
}

/** Raised when the service cannot be asked now (queue too long) or answered badly. */
export class GeocoderUnavailable extends Error {}

/**
 * Reserves the next free one-second slot of the instance and resolves when it comes.
 * @throws GeocoderUnavailable when the slot is more than MAX_WAIT_MS away.
 */
async function waitForSlot(db: Database): Promise<void> {
  // The database's clock decides, at the moment the row is locked: a request sent right
  // after the answer is then at least GEOCODER_SPACING_MS after the previous one.
  const dbNow = sql`(extract(epoch from clock_timestamp()) * 1000)::bigint`;
  const result = await db.execute(sql`
    insert into limit_counters (key, count, window_end) values ('geocoder-slot', 1, ${dbNow})
    on conflict (key) do update set count = limit_counters.count + 1,
      window_end = greatest(limit_counters.window_end + ${GEOCODER_SPACING_MS}, ${dbNow})
    returning window_end`);
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: { window_end: unknown }[] }).rows;
  const slot = Number(rows[0]!.window_end);
  if (slot - Date.now() > MAX_WAIT_MS) throw new GeocoderUnavailable('the geocoder is busy');
  const wait = slot - Date.now();
  if (wait > 0) await new Promise((r) => setTimeout(r, wait));
}

/**
 * Requests of this process, one after the other, each a full spacing after the previous
 * one's answer arrived: whatever the delays on the way, the service then sees them at
 * least that far apart (the slots of `waitForSlot` space them across processes).
 */
let chain: Promise<unknown> = Promise.resolve();

/** Runs `send` after this process's previous geocoder request finished plus the spacing. */
function inTurn<T>(send: () => Promise<T>): Promise<T> {
  const turn = chain.then(async () => {
    try {
      return await send();
    } finally {
      await new Promise((r) => setTimeout(r, GEOCODER_SPACING_MS));
    }
  });
  chain = turn.catch(() => undefined);
  return turn;
}

/** Photon's GeoJSON features, or Nominatim's jsonv2 array, as places. */
function toPlaces(kind: GeocoderOptions['kind'], body: unknown): Place[] {
  if (kind === 'photon') {
    const features = (body as { features?: unknown[] }).features ?? [];
    return features.flatMap((f) => {
      const { geometry, properties: p = {} } = f as { geometry?: { coordinates?: number[] }; properties?: Record<string, string> };
      const [lng, lat] = geometry?.coordinates ?? [];
      if (typeof lat !== 'number' || typeof lng !== 'number' || !p.name) return [];
      return [{ Name: String(p.name), Region: String(p.state ?? ''), Country: String(p.country ?? ''), Lat: lat, Lng: lng }];
    });
  }
  const list = Array.isArray(body) ? body : [body];
  return list.flatMap((r) => {
    const e = r as { lat?: string; lon?: string; name?: string; display_name?: string; address?: Record<string, string> };
    const lat = Number(e.lat);
    const lng = Number(e.lon);
    const name = e.name || e.display_name?.split(',')[0];
    if (!Number.isFinite(lat) || !Number.isFinite(lng) || !name) return [];
    return [{ Name: name, Region: e.address?.state ?? '', Country: e.address?.country ?? '', Lat: lat, Lng: lng }];
  });
}

/** The service's URL for a search or a reverse lookup. */
function requestUrl(o: GeocoderOptions, what: { q: string } | { lat: number; lng: number }): URL {
  const base = o.url.replace(/\/+$/, '');
  if ('q' in what) {
    const u = new URL(o.kind === 'photon' ? `${base}/api` : `${base}/search`);
    u.searchParams.set('q', what.q);
    u.searchParams.set('limit', String(PLACES.results));
    if (o.kind === 'nominatim') nominatimFormat(u);
    return u;
  }
  const u = new URL(`${base}/reverse`);
  u.searchParams.set('lat', String(what.lat));
  u.searchParams.set('lon', String(what.lng));
  if (o.kind === 'nominatim') nominatimFormat(u);
  return u;
}

/** Asks Nominatim for its JSON with the address parts (state, country). */
function nominatimFormat(u: URL): void {
  u.searchParams.set('format', 'jsonv2');
  u.searchParams.set('addressdetails', '1');
}

/**
 * Asks the service (or the cache) for places matching `what`: a name (`q`) or a
 * point (reverse: the first place is the nearest).
 * @throws GeocoderUnavailable when the service is busy, unreachable or answers badly.
 */
export async function geocode(db: Database, o: GeocoderOptions, what: { q: string } | { lat: number; lng: number }): Promise<Place[]> {
  const key = 'q' in what ? `search:${what.q.trim().toLowerCase()}` : `reverse:${what.lat.toFixed(4)},${what.lng.toFixed(4)}`;
  const [cached] = await db.select().from(placeCache).where(eq(placeCache.key, key));
  if (cached && Date.now() - cached.fetchedAt.getTime() < GEOCODER_CACHE_MS) return cached.answer as Place[];
  const body = await inTurn(async () => {
    await waitForSlot(db);
    try {
      const res = await fetch(requestUrl(o, what), {
        headers: { 'user-agent': o.userAgent, accept: 'application/json' },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      if (!res.ok) throw new GeocoderUnavailable(`the geocoder answered ${res.status}`);
      return (await res.json()) as unknown;
    } catch (error) {
      throw error instanceof GeocoderUnavailable ? error : new GeocoderUnavailable('the geocoder cannot be reached');
    }
  });
  const places = toPlaces(o.kind, body).slice(0, PLACES.results);
  await db
    .insert(placeCache)
    .values({ key, answer: places })
    .onConflictDoUpdate({ target: placeCache.key, set: { answer: places, fetchedAt: new Date() } });
  return places;
}
