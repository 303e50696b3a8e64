/**
 * Benchmark 1 and 2 (docs/benchmarks.md): throughput and p50/p95/p99 latency
 * (autocannon, 50 connections, 10 s per query) of Plateful's public reads on the 100k
 * fixture with its answer cache on (`CACHE=on`, the default) and off, and of the same
 * reads on the bare `raw-server.ts`, in one run, with the ratios Plateful/raw of requests
 * per second and the cache's hit rate (answers marked `X-Cache: HIT`); then the search with
 * one connection (5 s), whose latency is the query's own. The servers (and the signed-in
 * load) take turns, three rounds of a third of the time each (`loadInTurns`). All servers
 * use PostgreSQL (`BENCH_DATABASE_URL`) with a pool of 10 connections (Plateful's statements of a
 * stable plan on a second one: docs/benchmarks.md "Generic plans"); Plateful runs compiled, as
 * `npm start` runs it (`NODE_ENV=production`, request logging on, output discarded).
 * Every load reads the answers' headers (to count hits), the raw server's too, so the
 * client's work is the same for all.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { BENCH_DATABASE_URL, BENCH_VAPID, ms, start, waitReady, type Child } from './lib.js';
import { availableFoodId, sessionCookie } from './session.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CACHED_PORT = 3391;
const RAW_PORT = 3392;
const UNCACHED_PORT = 3395;
/** Turns each query's loads are taken in (`loadInTurns`). */
const ROUNDS = 3;

/** One measured load: requests per second, latency percentiles in ms, share of cache hits. */
export interface Load {
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than 2xx and 304, errors and timeouts. */
  failed: number;
  /** Answers 304 Not Modified (a revalidation). */
  notModified: number;
  hitRate: number;
}

/** What one autocannon run saw: its answers' times (ms), counts and duration (s). */
interface Run {
  times: number[];
  requests: number;
  duration: number;
  failed: number;
  notModified: number;
  hits: number;
  answers: number;
}

/** Runs autocannon against `url` for `seconds` with `connections`, sending `headers`. */
async function run(url: string, seconds: number, connections: number, headers: Record<string, string>): Promise<Run> {
  const times: number[] = [];
  let answers = 0;
  let hits = 0;
  let notModified = 0;
  const instance = autocannon({
    url,
    headers,
    connections,
    duration: seconds,
    requests: [
      {
        onResponse: (status: number, _body: string, _context: unknown, headers: Record<string, string>) => {
          answers += 1;
          if (status === 304) notModified += 1;
          if (headers['x-cache'] === 'HIT') hits += 1;
        },
      },
    ],
  });
  instance.on('response', (_client: unknown, _status: number, _bytes: number, time: number) => times.push(time));
  const result = await instance;
  return { times, requests: result.requests.total, duration: result.duration, failed: result.non2xx - notModified + result.errors + result.timeouts, notModified, hits, answers };
}

/** One load over `runs` together: requests per second over their summed time, percentiles over every answer. */
function summarise(runs: Run[]): Load {
  const times = runs.flatMap((r) => r.times).sort((a, b) => a - b);
  const sum = (key: 'requests' | 'duration' | 'failed' | 'notModified' | 'hits' | 'answers') => runs.reduce((n, r) => n + r[key], 0);
  const at = (p: number) => times[Math.min(times.length - 1, Math.floor((p / 100) * times.length))] ?? NaN;
  return {
    rps: sum('requests') / sum('duration'),
    p50: at(50),
    p95: at(95),
    p99: at(99),
    failed: sum('failed'),
    notModified: sum('notModified'),
    hitRate: sum('answers') ? sum('hits') / sum('answers') : 0,
  };
}

/** Runs autocannon against `url` for `seconds` and computes percentiles from every response time. */
export async function load(url: string, seconds: number, connections = 50, headers: Record<string, string> = {}): Promise<Load> {
  return summarise([await run(url, seconds, connections, headers)]);
}

/**
 * Loads each of `targets` (url and headers) for `seconds` in all, in `rounds` turns taken one
 * after the other (a, b, c, a, b, c…), so a drift of the shared machine (another process's
 * burst, a server still warming up) falls on all of them alike; one `Load` per target.
 */
export async function loadInTurns(targets: [string, Record<string, string>][], seconds: number, connections: number, rounds: number): Promise<Load[]> {
  const runs: Run[][] = targets.map(() => []);
  for (let round = 0; round < rounds; round++) {
    for (const [i, [url, headers]] of targets.entries()) runs[i]!.push(await run(url, seconds / rounds, connections, headers));
  }
  return runs.map(summarise);
}

/** Environment of a compiled Plateful server on the benchmark database. */
export function platefulEnv(port: number, extra: Record<string, string> = {}): Record<string, string> {
  return {
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    DATABASE_URL: BENCH_DATABASE_URL,
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    ...BENCH_VAPID,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'info',
    // The hit rate is counted from X-Cache, sent only on request.
    CACHE_DEBUG_HEADER: 'true',
    ...extra,
  };
}

/** Starts a compiled Plateful server with `env`. */
export function startPlateful(env: Record<string, string>): Child {
  return start(process.execPath, [path.join(root, 'dist/server/main.js')], env);
}

/** Starts the three servers, measures every query on each, stops them; returns the table rows. */
export async function apiBenchmark(seconds = 10): Promise<Record<string, string | number>[]> {
  const id = await availableFoodId();
  const search = '/api/foods?sortByDate=dec&search=tomato&limit=24';
  // Central Berlin, the densest town of the fixture (about 8 000 listings within 5 km).
  const near = '/api/foods?sortByDate=dec&near=52.52,13.405&radiusKm=5&sortByDistance=true&limit=24';
  // "Can be picked up this evening": the fixture's windows are evenings (UTC) of a quarter of the listings.
  const day = new Date().toISOString().slice(0, 10);
  const evening = `/api/foods?sortByDate=dec&pickupFrom=${day}T16:00:00Z&pickupUntil=${day}T21:00:00Z&limit=24`;
  // [name, path, connections, seconds]: the last row is the search of one visitor at a time.
  const queries: [string, string, number, number][] = [
    ['featured (quantity, limit 6)', '/api/foods?sortByQuantity=true&limit=6', 50, seconds],
    ['list by date (limit 24)', '/api/foods?sortByDate=dec&limit=24', 50, seconds],
    ['search "tomato" (limit 24)', search, 50, seconds],
    ['detail', `/api/foods/${id}`, 50, seconds],
    ['search "tomato", 1 connection', search, 1, Math.ceil(seconds / 2)],
    ['near 5 km, by distance (limit 24)', near, 50, seconds],
    ['near 5 km, by distance, 1 connection', near, 1, Math.ceil(seconds / 2)],
    ['list, pickup this evening (limit 24)', evening, 50, seconds],
    ['near 5 km + Bakery + Vegan (limit 24)', `${near}&category=Bakery&diet=Vegan`, 50, seconds],
  ];
  const servers: Child[] = [];
  try {
    servers.push(
      startPlateful(platefulEnv(CACHED_PORT)),
      startPlateful(platefulEnv(UNCACHED_PORT, { CACHE: 'off' })),
      start(process.execPath, ['--import', 'tsx', path.join(root, 'bench/raw-server.ts')], {
        PORT: String(RAW_PORT),
        DATABASE_URL: BENCH_DATABASE_URL,
      }),
    );
    await waitReady(`http://127.0.0.1:${CACHED_PORT}/api/ready`);
    await waitReady(`http://127.0.0.1:${UNCACHED_PORT}/api/ready`);
    await waitReady(`http://127.0.0.1:${RAW_PORT}/api/foods/${id}`);
    // The signed-in rows: the same queries with a session cookie on the uncached server (the cache never serves them).
    const signedIn = { cookie: await sessionCookie(UNCACHED_PORT) };
    const rows: Record<string, string | number>[] = [];
    for (const [name, q, connections, duration] of queries) {
      const targets: [string, Record<string, string>][] = [
        [`http://127.0.0.1:${CACHED_PORT}${q}`, {}],
        [`http://127.0.0.1:${UNCACHED_PORT}${q}`, {}],
        [`http://127.0.0.1:${RAW_PORT}${q}`, {}],
        [`http://127.0.0.1:${UNCACHED_PORT}${q}`, signedIn],
      ];
      // One second of warm-up each, so all are measured with their code optimised.
      for (const [url, headers] of targets) await load(url, 1, connections, headers);
      const [cached, uncached, bare, session] = (await loadInTurns(targets, duration, connections, ROUNDS)) as [Load, Load, Load, Load];
      rows.push({
        query: name,
        'raw req/s': Math.round(bare.rps),
        'raw p95': ms(bare.p95),
        'CACHE=off req/s': Math.round(uncached.rps),
        'off p95': ms(uncached.p95),
        'off/raw': (uncached.rps / bare.rps).toFixed(2),
        'signed-in req/s': Math.round(session.rps),
        'signed-in/raw': (session.rps / bare.rps).toFixed(2),
        'signed-in/anon': (session.rps / uncached.rps).toFixed(2),
        'CACHE=on req/s': Math.round(cached.rps),
        p50: ms(cached.p50),
        p95: ms(cached.p95),
        p99: ms(cached.p99),
        'hit rate': `${(cached.hitRate * 100).toFixed(1)} %`,
        'Plateful/raw': (cached.rps / bare.rps).toFixed(2),
        failed: cached.failed + uncached.failed + bare.failed + session.failed,
      });
    }
    return rows;
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}
