/**
 * Benchmark 5 (docs/benchmarks.md): the home page's list (featured,
 * `sortByQuantity=true&limit=6`, 5 connections × 5 s) alone, then while 30
 * hostile connections send searches without a letter or digit (refused with 400), rare
 * 2-letter searches (served by the word-prefix index, docs/api.md "Searches") and rare 3-letter ones
 * (the trigram index). Plateful runs compiled on PostgreSQL (`BENCH_DATABASE_URL`, the
 * 100k fixture), as `npm start` runs it, with `CACHE=off`: a cached search would not
 * reach the database, and hostile clients can always vary their text.
 */
import autocannon from 'autocannon';
import { load, platefulEnv, startPlateful } from './api.js';
import { ms, waitReady } from './lib.js';

const PORT = 3393;
const HOME = '/api/foods?sortByQuantity=true&limit=6';

/** Runs `connections` hostile clients on `url` for `seconds`; resolves with their answers by status. */
async function hostile(url: string, connections: number, seconds: number): Promise<Record<number, number>> {
  const statuses: Record<number, number> = {};
  const instance = autocannon({ url, connections, duration: seconds });
  instance.on('response', (_c: unknown, status: number) => (statuses[status] = (statuses[status] ?? 0) + 1));
  await instance;
  return statuses;
}

/** Starts Plateful, measures the three loads, stops it; returns the table rows. */
export async function hostileSearchBenchmark(seconds = 5): Promise<Record<string, string | number>[]> {
  const server = startPlateful(platefulEnv(PORT, { CACHE: 'off' }));
  try {
    await waitReady(`http://127.0.0.1:${PORT}/api/ready`);
    const base = `http://127.0.0.1:${PORT}`;
    await load(`${base}${HOME}`, 1, 5);
    const rows: Record<string, string | number>[] = [];
    const measure = async (label: string, attack?: string, target = true) => {
      const attacking = attack ? hostile(`${base}${attack}`, 30, seconds + 1) : Promise.resolve({});
      if (attack) await new Promise((r) => setTimeout(r, 500));
      const home = await load(`${base}${HOME}`, seconds, 5);
      const answers = await attacking;
      rows.push({
        'home list (5 connections)': label,
        'req/s': Math.round(home.rps),
        p50: ms(home.p50),
        p95: ms(home.p95),
        p99: ms(home.p99),
        'hostile answers': Object.entries(answers).map(([s, n]) => `${n} × ${s}`).join(', ') || '-',
        // The target is about searches no index serves; the last row is for comparison.
        'p95 < 100 ms': target ? (home.p95 < 100 ? 'met' : 'MISSED') : '(not a target)',
      });
    };
    await measure('alone');
    await measure('+ 30 × search "%%%"', '/api/foods?sortByDate=dec&search=%25%25%25');
    await measure('+ 30 × search "zq"', '/api/foods?sortByDate=dec&search=zq');
    await measure('+ 30 × search "zqx"', '/api/foods?sortByDate=dec&search=zqx', false);
    return rows;
  } finally {
    await server.stop();
  }
}
