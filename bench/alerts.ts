/**
 * Benchmark of alerts (docs/api.md "Alerts"): a listing's write (`POST /api/foods`, p50/p95)
 * with no saved alerts and with `alerts` alerts in its town, the outbox's drain of the
 * matching afterwards (cost per alert), the matching query alone, and its plan (EXPLAIN
 * ANALYZE). One in-process Plateful on a fresh PostgreSQL database beside BENCH_DATABASE_URL,
 * dropped afterwards. Run alone, on a quiet machine:
 * `node --import tsx bench/alerts.ts [alerts] [writes]` (default 10 000 and 200).
 */
import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { boxOf, termsOf } from '../src/server/alerts/repository.js';
import { matchConditions, matchingAlerts, readMatchableListing } from '../src/server/alerts/matching.js';
import { alertMatches, alerts } from '../src/server/alerts/schema.js';
import { sessions, users } from '../src/server/db/schema/index.js';
import { buildTestApp } from '../tests/api/harness.js';
import { call, foodBody, signUp } from '../tests/api/harness-people.js';
import { BENCH_DATABASE_URL, ms, printTable } from './lib.js';

const TOWN = { Lat: 50.94, Lng: 6.96 };
const WORDS = ['bread', 'rolls', 'apples', 'soup', 'rice', 'milk', 'cake', 'pasta', 'beans', 'cheese'];
const CATEGORIES = ['Bakery', 'FruitVeg', 'DairyEggs', 'PreparedMeals', 'Pantry'] as const;
const pick = <T>(a: readonly T[]) => a[Math.floor(Math.random() * a.length)]!;
const quantile = (xs: number[], q: number) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(q * xs.length))]!;

async function withDatabase<T>(run: (url: string) => Promise<T>): Promise<T> {
  const name = `plateful_bench_alerts_${randomBytes(4).toString('hex')}`;
  const admin = async (q: string) => {
    const c = new pg.Client({ connectionString: BENCH_DATABASE_URL });
    await c.connect();
    await c.query(q);
    await c.end();
  };
  await admin(`create database ${name}`);
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  try {
    return await run(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

/** Runs the measurement; returns the table's rows and the matching's plan. */
export async function alertsBenchmark(count = 10_000, writes = 200): Promise<{ rows: Record<string, string | number>[]; plan: string }> {
  return withDatabase(async (url) => {
    const { app, database } = await buildTestApp(url);
    try {
      // A new donor every 25 listings: one may list 30 a day (foods/limits.ts).
      let donor = await signUp(app, 'Bench Donor');
      let listed = 0;
      const write = async () => {
        if (++listed % 25 === 0) donor = await signUp(app, 'Bench Donor');
        const at = { Lat: TOWN.Lat + (Math.random() - 0.5) * 0.05, Lng: TOWN.Lng + (Math.random() - 0.5) * 0.05 };
        const body = foodBody({ FoodName: `${pick(WORDS)} ${pick(WORDS)}`, Category: pick(CATEGORIES), Diet: Math.random() < 0.3 ? ['Vegan'] : [], Location: at, Allergens: 'Unknown' });
        const t0 = performance.now();
        const res = await call(app, 'POST', '/api/foods', donor, body);
        if (res.statusCode !== 201) throw new Error(`POST /api/foods ${res.statusCode}: ${res.body}`);
        return { ms: performance.now() - t0, id: res.json().insertedId as string };
      };
      const phase = async (label: string) => {
        for (let i = 0; i < 10; i += 1) await write(); // warm-up
        await app.outbox.whenIdle();
        const times: number[] = [];
        const ids: string[] = [];
        for (let i = 0; i < writes; i += 1) {
          const w = await write();
          times.push(w.ms);
          ids.push(w.id);
        }
        const t0 = performance.now();
        await app.outbox.whenIdle();
        const drain = performance.now() - t0;
        const [told] = await app.db.select({ n: sql<number>`count(*)::int` }).from(alertMatches);
        return { label, times, drain, ids, matches: Number(told?.n ?? 0) };
      };

      const none = await phase('no alerts');
      // `count` people in the town, one alert each (their sessions fresh), spread over 5 km, radius 1–10 km.
      for (let start = 0; start < count; start += 1000) {
        const n = Math.min(1000, count - start);
        const ids = Array.from({ length: n }, (_, i) => `bench-alert-user-${start + i}`);
        await app.db.insert(users).values(ids.map((id) => ({ id, name: id, email: `${id}@plateful.bench` })));
        await app.db.insert(sessions).values(ids.map((id) => ({ id: `s-${id}`, token: `t-${id}`, userId: id, expiresAt: new Date(Date.now() + 30 * 86_400_000) })));
        await app.db.insert(alerts).values(
          ids.map((userId) => {
            const lat = TOWN.Lat + (Math.random() - 0.5) * 0.09;
            const lng = TOWN.Lng + (Math.random() - 0.5) * 0.14;
            const radiusKm = 1 + Math.floor(Math.random() * 10);
            const words = Math.random() < 0.5 ? pick(WORDS) : '';
            return { userId, lat, lng, radiusKm, ...boxOf(lat, lng, radiusKm), words, terms: termsOf(words), categories: Math.random() < 0.5 ? [pick(CATEGORIES)] : [], push: false };
          }),
        );
      }
      await app.db.execute(sql`analyze alerts`);
      const withAlerts = await phase(`${count.toLocaleString('en')} alerts in the town`);

      // The matching query alone, on the listings just written.
      const food = (await readMatchableListing(app.db, withAlerts.ids[0]!))!;
      const queryTimes: number[] = [];
      let matched = 0;
      for (const id of withAlerts.ids.slice(0, 50)) {
        const f = (await readMatchableListing(app.db, id))!;
        const t0 = performance.now();
        matched += (await matchingAlerts(app.db, f)).length;
        queryTimes.push(performance.now() - t0);
      }
      const explained = await app.db.execute(sql`explain (analyze, buffers off, costs off) select ${alerts.id} from ${alerts} where ${matchConditions(food)}`);
      // node-postgres's answer (the benchmark runs on PostgreSQL).
      const plan = (explained as unknown as { rows: Record<string, string>[] }).rows.map((r) => Object.values(r)[0]).join('\n');

      const row = (p: Awaited<ReturnType<typeof phase>>) => ({
        case: p.label,
        'write p50': ms(quantile(p.times, 0.5)),
        'write p95': ms(quantile(p.times, 0.95)),
        'matching drain': ms(p.drain),
        'alerts told': p.matches,
        'per match': p.matches ? ms(p.drain / p.matches) : '–',
      });
      const rows = [
        row(none),
        row(withAlerts),
        { case: 'matching query alone (50 listings)', 'write p50': ms(quantile(queryTimes, 0.5)), 'write p95': ms(quantile(queryTimes, 0.95)), 'matching drain': '–', 'alerts told': `${(matched / 50).toFixed(1)} per listing`, 'per match': '–' },
      ];
      return { rows, plan };
    } finally {
      await app.close();
      await database.close();
    }
  });
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [count, writes] = [Number(process.argv[2] ?? 10_000), Number(process.argv[3] ?? 200)];
  const { rows, plan } = await alertsBenchmark(count, writes);
  printTable(`Alerts: a listing's write with none and with ${count.toLocaleString('en')} alerts in its town, ${writes} writes each (p95 target ≤ 2× of none)`, rows);
  console.log(`\nEXPLAIN ANALYZE of the matching:\n${plan}`);
}
