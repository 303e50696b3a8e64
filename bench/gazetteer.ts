/**
 * Memory and speed of the offline gazetteer (docs/benchmarks.md): heap kept and RSS grown by
 * loading it, load time, and a search and a reverse lookup. Run with
 * `node --expose-gc --import tsx bench/gazetteer.ts` (the figures need `gc`).
 */
import { gazetteer } from '../src/server/places/gazetteer.js';

const gc = (globalThis as { gc?: () => void }).gc;
if (!gc) throw new Error('run with node --expose-gc');
gc();
const before = process.memoryUsage();
const started = performance.now();
const g = gazetteer();
const loadMs = performance.now() - started;
gc();
const after = process.memoryUsage();
const time = (f: () => unknown, n = 50) => {
  const t = performance.now();
  for (let i = 0; i < n; i++) f();
  return (performance.now() - t) / n;
};
const mib = (b: number) => `${(b / 1048576).toFixed(1)} MiB`;
console.table({
  towns: g.size,
  'heap kept': mib(after.heapUsed - before.heapUsed),
  'RSS grown': mib(after.rss - before.rss),
  'load ms': loadMs.toFixed(0),
  'search "spring" ms': time(() => g.search('spring', 10)).toFixed(2),
  'reverse ms': time(() => g.nearest(52.52, 13.405)).toFixed(2),
});
