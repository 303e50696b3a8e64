// `npm run bench:cluster` (root; not part of `npm test` or CI): capacity of the cluster of
// deploy/ through nginx over HTTPS and HTTP/2 with 1, 2 and 3 app hosts (docs/operations.md
// "Capacity"). Starts the cluster once (cluster.mjs), seeds listings and signed-in
// requesters, then for N = 1, 2, 3 marks all but the first N hosts `down` in nginx's
// upstream and reloads it, and steps the concurrency up (closed loop, each stream its own
// HTTP/2 connection) on the featured list and on a request write (POST /api/requests by a
// signed-in requester on a listing they have not asked for). Per N it reports the highest
// throughput whose p95 latency stays under 100 ms, then the ratio 3 hosts ÷ 1 host and the
// load average. Every process, the load generator included, shares this machine's cores.
import os from 'node:os';
import { check, food, signUp } from './checks.mjs';
import { h2Client } from './client.mjs';
import { cleanup, dbAdmin, dir, printLogTails, startCluster, stepper } from './cluster.mjs';
import { writeNginx } from './hosts.mjs';
import { addressOf } from './net.mjs';

const STREAMS = (process.env.BENCH_CLUSTER_STREAMS ?? '1,2,4,8,16,32,64').split(',').map(Number);
const SECONDS = Number(process.env.BENCH_CLUSTER_SECONDS ?? 3);
const WARM_MS = 500;
const P95_LIMIT_MS = 100;
const FEATURED = '/api/foods?sortByQuantity=true&limit=6';
const REQUESTERS = 128;
const DONORS = 16;
const LISTINGS_PER_DONOR = 25;

const step = stepper('bench:cluster');
const load = () => os.loadavg().map((l) => l.toFixed(2)).join(' ');

/** Signs up `n` people named `name i`, 20 at a time; clears the sign-up limit (30 a minute per address) in between. */
async function people(h2, name, n) {
  const made = [];
  while (made.length < n) {
    await dbAdmin('delete from rate_limits');
    const batch = Array.from({ length: Math.min(20, n - made.length) }, (_, i) => signUp(h2, `${name} ${made.length + i}`));
    made.push(...(await Promise.all(batch)));
  }
  return made;
}

/** Resets the per-account counters (requests a day, writes a minute) and makes every account older than a week. */
async function freshLimits() {
  await dbAdmin('delete from limit_counters');
  await dbAdmin(`update users set created_at = now() - interval '30 days'`);
}

/** p-th percentile (0–100) of sorted `values`, in ms with one decimal. */
const percentile = (values, p) => (values.length ? Math.round(values[Math.min(values.length - 1, Math.floor((p / 100) * values.length))] * 10) / 10 : NaN);

/**
 * Runs `op(client, stream)` in `streams` closed loops for WARM_MS + SECONDS s, each stream on
 * its own HTTP/2 connection to nginx; counts requests started after the warm-up. Resolves with
 * { streams, rps, p50, p95, errors, firstError }; an answer other than `okStatus` is an error.
 */
async function measure(ca, streams, okStatus, op) {
  const clients = Array.from({ length: streams }, () => h2Client(addressOf('lb'), ca));
  const latencies = [];
  let errors = 0;
  let firstError;
  const t0 = performance.now();
  const end = t0 + WARM_MS + SECONDS * 1000;
  await Promise.all(
    clients.map(async (client, i) => {
      while (performance.now() < end) {
        const started = performance.now();
        const res = await op(client, i).catch((error) => ({ status: 0, text: String(error) }));
        if (started - t0 < WARM_MS) continue;
        if (res.status === okStatus) latencies.push(performance.now() - started);
        else {
          errors++;
          firstError ??= `${res.status} ${res.text.slice(0, 160)}`;
        }
      }
    }),
  );
  clients.forEach((c) => c.close());
  latencies.sort((a, b) => a - b);
  const rps = Math.round(latencies.length / SECONDS);
  return { streams, rps, p50: percentile(latencies, 50), p95: percentile(latencies, 95), errors, firstError };
}

/**
 * Steps the streams up until p95 reaches the limit on two steps in a row (one may be noise
 * from other work on the machine) or a step has errors; returns the best step under it.
 */
async function capacity(ca, label, okStatus, op, before = async () => undefined) {
  const steps = [];
  for (const streams of STREAMS) {
    await before();
    const s = await measure(ca, streams, okStatus, op);
    steps.push(s);
    console.log(`  ${label.padEnd(14)} ${String(streams).padStart(3)} streams: ${String(s.rps).padStart(5)} req/s, p50 ${s.p50} ms, p95 ${s.p95} ms${s.errors ? `, ${s.errors} errors (${s.firstError})` : ''}`);
    if (s.errors || (s.p95 >= P95_LIMIT_MS && steps.at(-2)?.p95 >= P95_LIMIT_MS)) break;
  }
  const under = steps.filter((s) => s.p95 < P95_LIMIT_MS && !s.errors);
  const best = under.reduce((a, b) => (b.rps > a.rps ? b : a), { streams: '–', rps: 0, p50: '–', p95: '–' });
  return { best, steps };
}

async function main() {
  const { ca, nginx, h2 } = await startCluster(step, { relayOnThread: true });
  step(`seeding ${DONORS * LISTINGS_PER_DONOR} listings and ${REQUESTERS} signed-in requesters`);
  const donors = await people(h2, 'Bench Donor', DONORS);
  await freshLimits();
  const listings = [];
  await Promise.all(
    donors.map(async (d, i) => {
      for (let n = 0; n < LISTINGS_PER_DONOR; n++) {
        const made = await h2.request('POST', '/api/foods', { cookie: d.cookie, body: { ...food(`Bench ${i}-${n}`), FoodQuantity: 1 + ((i * 7 + n) % 20) } });
        check(made.status === 201, `listing: ${made.status} ${made.text}`);
        listings.push(made.json().insertedId);
      }
    }),
  );
  const requesters = await people(h2, 'Bench Requester', REQUESTERS);
  // Every write is a (requester, listing) pair never asked before: the k-th goes to
  // requester k mod R on listing ⌊k / R⌋, so each listing collects requests from all.
  let k = 0;
  const write = (client) => {
    const n = k++;
    const foodId = listings[Math.floor(n / REQUESTERS) % listings.length];
    check(n < REQUESTERS * listings.length, 'out of fresh (requester, listing) pairs');
    return client.request('POST', '/api/requests', { cookie: requesters[n % REQUESTERS].cookie, body: { FoodId: foodId } });
  };
  const read = (client) => client.request('GET', FEATURED);

  const results = [];
  for (const n of [1, 2, 3]) {
    const down = ['a', 'b', 'c'].slice(n);
    writeNginx(dir, down);
    nginx.kill('SIGHUP');
    await new Promise((r) => setTimeout(r, 1500));
    step(`${n} app host${n > 1 ? 's' : ''} behind nginx (${['a', 'b', 'c'].slice(0, n).join(', ')}${down.length ? `; ${down.join(', ')} marked down` : ''}), load average ${load()}`);
    const featured = await capacity(ca, 'featured', 200, read);
    const requests = await capacity(ca, 'request write', 201, write, freshLimits);
    results.push({ n, featured: featured.best, requests: requests.best, firstFeatured: featured.steps[0], firstRequests: requests.steps[0], load: load() });
  }

  const row = (cells) => `| ${cells.join(' | ')} |`;
  console.log(`\nCapacity through nginx (HTTPS, HTTP/2) at p95 < ${P95_LIMIT_MS} ms: the best of ${STREAMS.join(', ')} streams, ${SECONDS} s each`);
  console.log(row(['app hosts', 'featured req/s', 'p50 ms', 'p95 ms', 'streams', 'request writes/s', 'p50 ms', 'p95 ms', 'streams', 'load average']));
  console.log(row(Array(10).fill('---')));
  for (const r of results) {
    const f = r.featured;
    const w = r.requests;
    // Nothing under the limit: the cell names the lightest step instead.
    const cell = (best, first) => (best.rps ? best.rps : `0 (1 stream: ${first.rps}/s, p95 ${first.p95} ms)`);
    console.log(row([r.n, cell(f, r.firstFeatured), f.p50, f.p95, f.streams, cell(w, r.firstRequests), w.p50, w.p95, w.streams, r.load]));
  }
  const ratio = (key) => (results[0][key].rps ? (results[2][key].rps / results[0][key].rps).toFixed(2) : 'n/a');
  console.log(`\n3 hosts ÷ 1 host: featured ${ratio('featured')}, request writes ${ratio('requests')}`);
  console.log(`Machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), load average now ${load()} (1, 5, 15 min).`);
  console.log(
    'What limits it: every process shares these cores — nginx (one worker, TLS), PgBouncer, PostgreSQL, the three app ' +
      'processes (the hosts marked down stay running and still follow LISTEN/NOTIFY) and this load generator. With 2 cores ' +
      'the ratio is bounded by the machine, not by the app hosts; figures need a quiet machine (compare the load average).',
  );
}

const deadline = setTimeout(() => {
  console.error('bench:cluster: over 15 minutes, giving up');
  cleanup().finally(() => process.exit(1));
}, 900_000);
try {
  step(`load average before: ${load()} (1, 5, 15 min), ${os.cpus().length} cores`);
  await main();
  process.exitCode = 0;
} catch (error) {
  console.error(error);
  printLogTails();
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  await cleanup();
}
