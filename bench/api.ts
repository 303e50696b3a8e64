/**
 * Benchmark 1 and 2 of issue "Performance": throughput and p50/p95/p99 latency
 * (autocannon, 50 connections, 10 s per query) of Plateful's reads on the 100k
 * fixture, and of the same reads on the bare `raw-server.ts`, in one run, with the
 * ratio Plateful/raw of requests per second; then the search with one connection
 * (5 s), whose latency is the query's own, without queueing behind 49 others. Both servers use PostgreSQL
 * (`BENCH_DATABASE_URL`) with a pool of 10 connections; Plateful runs compiled, as
 * `npm start` runs it (`NODE_ENV=production`, request logging on, output discarded).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import pg from 'pg';
import { BENCH_DATABASE_URL, BENCH_VAPID, ms, start, waitReady, type Child } from './lib.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PLATEFUL_PORT = 3391;
const RAW_PORT = 3392;

/** One measured load: requests per second and latency percentiles in ms. */
export interface Load {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  failed: number;
}

/** Runs autocannon against `url` for `seconds` and computes percentiles from every response time. */
export async function load(url: string, seconds: number, connections = 50): Promise<Load> {
  const times: number[] = [];
  const instance = autocannon({ url, connections, duration: seconds });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, time: number) => times.push(time));
  const result = await instance;
  times.sort((a, b) => a - b);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
  return {
    rps: result.requests.total / result.duration,
    p50: at(50),
    p95: at(95),
    p99: at(99),
    failed: result.non2xx + result.errors + result.timeouts,
  };
}

async function availableFoodId(): Promise<string> {
  const client = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await client.connect();
  const { rows } = await client.query(`select id from foods where expires_on >= current_date order by id limit 1`);
  await client.end();
  return rows[0].id;
}

/** Starts both servers, measures every query on each, stops them; returns the table rows. */
export async function apiBenchmark(seconds = 10): Promise<Record<string, string | number>[]> {
  const id = await availableFoodId();
  const search = '/api/foods?sortByDate=dec&search=tomato&limit=24';
  // Issue "Near me": central Berlin, the densest town of the fixture (about 8 000 listings within 5 km).
  const near = '/api/foods?sortByDate=dec&near=52.52,13.405&radiusKm=5&sortByDistance=true&limit=24';
  // [name, path, connections, seconds]: the last row is the search of one visitor at a time.
  const queries: [string, string, number, number][] = [
    ['featured (quantity, limit 6)', '/api/foods?sortByQuantity=true&limit=6', 50, seconds],
    ['list by date (limit 24)', '/api/foods?sortByDate=dec&limit=24', 50, seconds],
    ['search "tomato" (limit 24)', search, 50, seconds],
    ['detail', `/api/foods/${id}`, 50, seconds],
    ['search "tomato", 1 connection', search, 1, Math.ceil(seconds / 2)],
    ['near 5 km, by distance (limit 24)', near, 50, seconds],
    ['near 5 km, by distance, 1 connection', near, 1, Math.ceil(seconds / 2)],
  ];
  const servers: Child[] = [];
  try {
    servers.push(
      start(process.execPath, [path.join(root, 'dist/server/server/main.js')], {
        NODE_ENV: 'production',
        PORT: String(PLATEFUL_PORT),
        HOST: '127.0.0.1',
        DATABASE_URL: BENCH_DATABASE_URL,
        AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    ...BENCH_VAPID,
        ...BENCH_VAPID,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
      }),
      start(process.execPath, ['--import', 'tsx', path.join(root, 'bench/raw-server.ts')], {
        PORT: String(RAW_PORT),
        DATABASE_URL: BENCH_DATABASE_URL,
      }),
    );
    await waitReady(`http://127.0.0.1:${PLATEFUL_PORT}/api/ready`);
    await waitReady(`http://127.0.0.1:${RAW_PORT}/api/foods/${id}`);
    const rows: Record<string, string | number>[] = [];
    for (const [name, q, connections, duration] of queries) {
      // One second of warm-up each, so both are measured with their code optimised.
      await load(`http://127.0.0.1:${PLATEFUL_PORT}${q}`, 1);
      await load(`http://127.0.0.1:${RAW_PORT}${q}`, 1);
      const app = await load(`http://127.0.0.1:${PLATEFUL_PORT}${q}`, duration, connections);
      const raw = await load(`http://127.0.0.1:${RAW_PORT}${q}`, duration, connections);
      rows.push({
        query: name,
        'Plateful req/s': Math.round(app.rps),
        'p50': ms(app.p50),
        'p95': ms(app.p95),
        'p99': ms(app.p99),
        'raw req/s': Math.round(raw.rps),
        'raw p50': ms(raw.p50),
        'raw p95': ms(raw.p95),
        'raw p99': ms(raw.p99),
        'Plateful/raw': (app.rps / raw.rps).toFixed(2),
        failed: app.failed + raw.failed,
      });
    }
    return rows;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}
