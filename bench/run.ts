/**
 * `npm run bench` (docs/benchmarks.md): builds the client and the server, seeds the benchmark
 * database when it does not hold the 100k fixture yet, then prints its tables: API
 * throughput and latency against the raw baseline (answer cache on and off), the cache's
 * invalidation delay across processes, a signed-in revalidation's 304, client weight per route, `npm start` cold start,
 * the home list under hostile searches, the photo pipeline, the list and health during a burst of uploads and Lighthouse, with the
 * targets (budgets of DESIGN.md and docs/benchmarks.md) checked underneath (met or MISSED).
 * Needs PostgreSQL at `BENCH_DATABASE_URL` (default: local `plateful_bench`).
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiBenchmark } from './api.js';
import { catalogWeight, clientWeight, heaviestCatalogs, serviceWorkerWeight } from './client-weight.js';
import { coldStart } from './cold-start.js';
import { imagesBenchmark } from './images.js';
import { invalidationBenchmark } from './invalidation.js';
import { revalidationBenchmark } from './revalidation.js';
import { blockingViewerBenchmark } from './blocking-viewer.js';
import { lighthouseScores } from './lighthouse.js';
import { hostileSearchBenchmark } from './hostile-search.js';
import { UPLOADS_TITLE, uploadsBenchmark } from './uploads.js';
import { BENCH_DATABASE_URL, printTable } from './lib.js';
import { isSeeded, seedBenchDatabase } from './seed.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const began = performance.now();
console.log(`Plateful benchmark — Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

// `npm run build`: the client (vite) and the bundled server (esbuild), stamped as built, so `npm start` builds nothing.
const built = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs')], { cwd: root, stdio: 'inherit' });
if (built.status !== 0) process.exit(built.status ?? 1);

if (await isSeeded()) console.log(`Database ${BENCH_DATABASE_URL} already holds the fixture.`);
else console.log(`Seeded ${BENCH_DATABASE_URL} in ${(await seedBenchDatabase()).toFixed(1)} s.`);

const api = await apiBenchmark();
printTable(
  '1–2. API on 100 000 listings / 20 000 requests (PostgreSQL), autocannon 50 connections × 10 s (last row: 1 connection × 5 s): raw node:http + pg, Plateful with CACHE=off and with its answer cache (default)',
  api,
);
const invalidation = await invalidationBenchmark();
printTable('2b. Cache invalidation across processes (two Plateful processes, one PostgreSQL, NOTIFY after commit)', invalidation);
const revalidation = await revalidationBenchmark();
printTable('2c. A signed-in revalidation of an unchanged own list (GET /api/foods?email=…, CACHE=off), 1 connection × 5 s', revalidation);
printTable(
  '2d. A signed-in person who has blocked someone (their reads keep the viewer columns in SQL), CACHE=off, 50 connections × 6 s in turns with anonymous',
  await blockingViewerBenchmark(),
);
const weight = clientWeight();
printTable('3. Client: initial JS and CSS per route, as served (precompressed: Zopfli gzip / brotli -q 11)', weight);
printTable('3b. What the service worker adds to a first visit of the home page', serviceWorkerWeight());
const catalogs = heaviestCatalogs(catalogWeight());
printTable("3c. Another locale's catalogs per route, as served (gzip -9): the heaviest route per locale", catalogs);
const cold = await coldStart();
printTable('4. `npm start` to a ready /api/ready (client already built; median of 3)', cold);
const hostile = await hostileSearchBenchmark();
printTable('5. Home list (featured, CACHE=off) alone and under 30 hostile search connections', hostile);

const photos = await imagesBenchmark();
printTable('6. Photos: one 12-megapixel JPEG through the upload pipeline (sharp)', photos);
const uploads = await uploadsBenchmark();
printTable(`7. ${UPLOADS_TITLE}`, uploads);

const lighthouse = lighthouseScores();
printTable('8. Lighthouse 12, mobile preset (`npm run lighthouse`), on this machine as it is now', lighthouse);

const num = (v: string | number | undefined) => parseFloat(String(v));
const row = (name: string) => api.find((r) => String(r.query).startsWith(name))!;
const search = row('search "tomato" (limit 24)');
const searchAlone = row('search "tomato", 1 connection');
const nearAlone = row('near 5 km, by distance, 1 connection');
const css = Math.max(...weight.map((r) => num(r['CSS gzip'])));
const home = weight.find((r) => r.route === '/')!;
const heaviest = weight.filter((r) => r.route !== '/').reduce((a, b) => (num(b['JS gzip']) > num(a['JS gzip']) ? b : a));
const restart = num(cold[1]!.median);
const first = num(cold[0]!.median);
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
const ratio = (name: string, min: number) => {
  const r = row(name);
  return { target: `${name}: Plateful/raw ≥ ${min}`, measured: `${r['Plateful/raw']} (CACHE=off ${r['off/raw']}, hit rate ${r['hit rate']})`, result: verdict(num(r['Plateful/raw']) >= min) };
};
// Uncached and signed-in reads against the raw baseline on the same SQL (docs/benchmarks.md "Where the time goes, signed in").
const uncached = (name: string, min: number) => {
  const r = row(name);
  const ok = num(r['off/raw']) >= min && num(r['signed-in/raw']) >= min && num(r['signed-in/anon']) >= 0.9;
  return { target: `${name}: CACHE=off/raw and signed-in/raw ≥ ${min}, signed-in/anonymous ≥ 0.9`, measured: `${r['off/raw']} / ${r['signed-in/raw']} / ${r['signed-in/anon']}`, result: verdict(ok) };
};
// Judged on CACHE=off: a filter's own cost against the same list without it.
const filterCost = (target: string, filtered: string, plain: string) => {
  const [f, p] = [row(filtered)['off p95'], row(plain)['off p95']];
  return { target: `${target} p95 ≤ 1.2 × ${plain} (CACHE=off)`, measured: `${f} vs ${p}`, result: verdict(num(f) <= 1.2 * num(p)) };
};
const scores = (category: string, min: number) => {
  const worst = Math.min(...lighthouse.map((r) => num(r[category])));
  return { target: `Lighthouse ${category} ≥ ${min} (home, available foods, detail)`, measured: lighthouse.map((r) => r[category]).join(' / '), result: verdict(worst >= min) };
};
printTable('Targets', [
  ratio('featured', 1.5),
  ratio('list by date', 1.5),
  ratio('detail', 1.2),
  ratio('search "tomato" (limit 24)', 0.9),
  filterCost('list with a pickup-time filter', 'list, pickup this evening (limit 24)', 'list by date (limit 24)'),
  uncached('featured', 0.9),
  uncached('list by date', 0.9),
  uncached('search "tomato" (limit 24)', 0.9),
  uncached('near 5 km, by distance (limit 24)', 0.9),
  uncached('detail', 0.8),
  filterCost('near + category + diet', 'near 5 km + Bakery + Vegan (limit 24)', 'near 5 km, by distance (limit 24)'),
  { target: 'CSS gzip per route ≤ 10 KB', measured: `${css.toFixed(2)} KB`, result: verdict(css <= 10) },
  {
    target: 'signed-in revalidation of an unchanged own list: 304, p95 < 2 ms (1 connection)',
    measured: `${revalidation[0]!.p95} (${revalidation[0]!['304s']} × 304, ${revalidation[0]!.failed} other)`,
    result: verdict(num(revalidation[0]!.p95) < 2 && num(revalidation[0]!.failed) === 0 && num(revalidation[0]!['304s']) > 0),
  },
  { target: 'invalidation delay < 50 ms (p95)', measured: String(invalidation[0]!.p95), result: verdict(num(invalidation[0]!.p95) < 50) },
  { target: 'search p95 < 20 ms at 100k (50 connections)', measured: String(search.p95), result: verdict(num(search.p95) < 20) },
  { target: 'search p95 < 20 ms at 100k (1 connection)', measured: String(searchAlone.p95), result: verdict(num(searchAlone.p95) < 20) },
  // Judged on CACHE=off: the query's own cost, not a cache hit's.
  {
    target: 'near 5 km + distance sort p95 < 20 ms at 100k (1 connection, CACHE=off)',
    measured: `${nearAlone['off p95']} (cached ${nearAlone.p95})`,
    result: verdict(num(nearAlone['off p95']) < 20),
  },
  { target: 'home initial JS gzip ≤ 80 KB', measured: String(home['JS gzip']), result: verdict(num(home['JS gzip']) <= 80) },
  ...catalogs.map((r) => ({ target: `${r.locale}: catalogs per route ≤ 12 KB gzip`, measured: `${r.route} ${r.gzip}`, result: verdict(num(r.gzip) <= 12) })),
  { target: 'every other route initial JS gzip ≤ 100 KB', measured: `${heaviest.route} ${heaviest['JS gzip']}`, result: verdict(num(heaviest['JS gzip']) <= 100) },
  { target: 'first start, empty embedded database ≤ 3 s', measured: `${(first / 1000).toFixed(2)} s`, result: verdict(first <= 3000) },
  { target: 'restart ≤ 1.2 s', measured: `${(restart / 1000).toFixed(2)} s`, result: verdict(restart <= 1200) },
  scores('performance', 98),
  scores('accessibility', 100),
  scores('best-practices', 100),
  scores('seo', 100),
  { target: 'photo: 12 MP JPEG processed < 1.5 s', measured: String(photos[1]!.value), result: verdict(num(photos[1]!.value) < 1500) },
  { target: 'home list p95 < 100 ms + 30 hostile short searches', measured: String(hostile[2]!.p95), result: verdict(num(hostile[2]!.p95) < 100) },
  ...uploads.flatMap((r) => [
    { target: `uploads (${r.database}): list p95 during 10 × 12 MP ≤ 3 × idle`, measured: `${r['list p95 burst']} vs ${r['list p95 idle']}`, result: String(r['list ≤ 3× idle']) },
    { target: `uploads (${r.database}): /api/health p95 < 50 ms`, measured: String(r['health p95 burst']), result: String(r['health < 50 ms']) },
    { target: `uploads (${r.database}): RSS 60 s after ≤ before + 100 MiB`, measured: String(r['RSS before/peak/+60 s']), result: String(r['RSS +60 s ≤ before + 100 MiB']) },
  ]),
]);
console.log(`\nnpm run bench took ${((performance.now() - began) / 1000).toFixed(0)} s; load average now ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}.`);
