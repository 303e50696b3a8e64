/**
 * `npm run bench` (issue "Performance"): builds the client and the server, seeds the benchmark
 * database when it does not hold the 100k fixture yet, then prints seven tables:
 * API throughput and latency against the raw baseline, client weight per route,
 * `npm start` cold start, the home list under hostile searches, the photo pipeline and the
 * list and health during a burst of uploads, with the issues' targets checked underneath.
 * Needs PostgreSQL at `BENCH_DATABASE_URL` (default: local `plateful_bench`).
 */
import { spawnSync } from 'node:child_process';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { apiBenchmark } from './api.js';
import { clientWeight } from './client-weight.js';
import { coldStart } from './cold-start.js';
import { imagesBenchmark } from './images.js';
import { hostileSearchBenchmark } from './hostile-search.js';
import { UPLOADS_TITLE, uploadsBenchmark } from './uploads.js';
import { BENCH_DATABASE_URL, printTable } from './lib.js';
import { isSeeded, seedBenchDatabase } from './seed.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const began = performance.now();
console.log(`Plateful benchmark — Node ${process.version}, ${os.cpus().length} CPUs, load average ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`);

// `npm run build`: the client (vite) and the compiled server (tsc), as `npm start` runs them.
for (const [tool, args] of [
  ['node_modules/vite/bin/vite.js', ['build', '--logLevel', 'warn']],
  ['node_modules/typescript/bin/tsc', ['-p', 'tsconfig.server.json']],
] as const) {
  const built = spawnSync(process.execPath, [path.join(root, tool), ...args], { cwd: root, stdio: 'inherit' });
  if (built.status !== 0) process.exit(built.status ?? 1);
}

if (await isSeeded()) console.log(`Database ${BENCH_DATABASE_URL} already holds the fixture.`);
else console.log(`Seeded ${BENCH_DATABASE_URL} in ${(await seedBenchDatabase()).toFixed(1)} s.`);

const api = await apiBenchmark();
printTable('1–2. API on 100 000 listings / 20 000 requests (PostgreSQL), autocannon 50 connections × 10 s (last row: 1 connection × 5 s): Plateful vs raw node:http + pg', api);
const weight = clientWeight();
printTable('3. Client: initial JS and CSS per route, as served (precompressed gzip -9 / brotli -q 11)', weight);
const cold = await coldStart();
printTable('4. `npm start` to a ready /api/ready (client already built; median of 3)', cold);
const hostile = await hostileSearchBenchmark();
printTable('5. Home list (featured) alone and under 30 hostile search connections (issue 10)', hostile);

const photos = await imagesBenchmark();
printTable('6. Photos: one 12-megapixel JPEG through the upload pipeline (sharp)', photos);
const uploads = await uploadsBenchmark();
printTable(`7. ${UPLOADS_TITLE}`, uploads);

const num = (v: string | number | undefined) => parseFloat(String(v));
const search = api.find((r) => String(r.query) === 'search "tomato" (limit 24)')!;
const searchAlone = api.find((r) => String(r.query) === 'search "tomato", 1 connection')!;
const nearAlone = api.find((r) => String(r.query) === 'near 5 km, by distance, 1 connection')!;
const worstRatio = Math.min(...api.map((r) => num(r['Plateful/raw'])));
const home = weight.find((r) => r.route === '/')!;
const heaviest = weight.filter((r) => r.route !== '/').reduce((a, b) => (num(b['JS gzip']) > num(a['JS gzip']) ? b : a));
const restart = num(cold[1]!.median);
const first = num(cold[0]!.median);
const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
printTable('Targets', [
  { target: 'Plateful/raw ≥ 0.75 (every query)', measured: `worst ${worstRatio.toFixed(2)}`, result: verdict(worstRatio >= 0.75) },
  { target: 'search p95 < 20 ms at 100k (50 connections)', measured: String(search.p95), result: verdict(num(search.p95) < 20) },
  { target: 'search p95 < 20 ms at 100k (1 connection)', measured: String(searchAlone.p95), result: verdict(num(searchAlone.p95) < 20) },
  { target: 'near 5 km + distance sort p95 < 20 ms at 100k (1 connection)', measured: String(nearAlone.p95), result: verdict(num(nearAlone.p95) < 20) },
  { target: 'home initial JS gzip ≤ 80 KB', measured: String(home['JS gzip']), result: verdict(num(home['JS gzip']) <= 80) },
  { target: 'every other route initial JS gzip ≤ 100 KB', measured: `${heaviest.route} ${heaviest['JS gzip']}`, result: verdict(num(heaviest['JS gzip']) <= 100) },
  { target: 'cold start < 2 s (restart)', measured: `${(restart / 1000).toFixed(2)} s`, result: verdict(restart < 2000) },
  { target: 'photo: 12 MP JPEG processed < 1.5 s', measured: String(photos[1]!.value), result: verdict(num(photos[1]!.value) < 1500) },
  { target: 'home list p95 < 100 ms + 30 hostile short searches', measured: String(hostile[1]!.p95), result: verdict(num(hostile[1]!.p95) < 100) },
  ...uploads.flatMap((r) => [
    { target: `uploads (${r.database}): list p95 during 10 × 12 MP ≤ 3 × idle`, measured: `${r['list p95 burst']} vs ${r['list p95 idle']}`, result: String(r['list ≤ 3× idle']) },
    { target: `uploads (${r.database}): /api/health p95 < 50 ms`, measured: String(r['health p95 burst']), result: String(r['health < 50 ms']) },
    { target: `uploads (${r.database}): RSS 60 s after ≤ before + 100 MiB`, measured: String(r['RSS before/peak/+60 s']), result: String(r['RSS +60 s ≤ before + 100 MiB']) },
  ]),
  { target: 'cold start < 2 s (first start, empty database)', measured: `${(first / 1000).toFixed(2)} s`, result: verdict(first < 2000) },
]);
console.log(`\nnpm run bench took ${((performance.now() - began) / 1000).toFixed(0)} s; load average now ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}.`);
