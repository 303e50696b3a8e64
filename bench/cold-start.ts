/**
 * Benchmark 4 (docs/benchmarks.md): `npm start` from process launch to the first
 * 200 of `/api/ready`, on the built client (so no build runs). Two cases, each the
 * median of `runs`: the first start on an empty embedded database (migrations and
 * demo data, whose donors' passwords are hashed), and a restart on that database.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ms, start, waitReady } from './lib.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = 3394;

async function once(dataDir: string): Promise<number> {
  const launched = performance.now();
  const child = start('npm', ['start', '--silent', '--prefix', root], {
    PORT: String(PORT),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  });
  try {
    return await waitReady(`http://127.0.0.1:${PORT}/api/ready`, 60_000, launched);
  } finally {
    await child.stop();
  }
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/** The table rows: first start and restart, median of `runs` each. */
export async function coldStart(runs = 3): Promise<Record<string, string | number>[]> {
  const first: number[] = [];
  const restart: number[] = [];
  for (let i = 0; i < runs; i++) {
    const dir = mkdtempSync(path.join(tmpdir(), 'plateful-cold-'));
    try {
      first.push(await once(dir));
      restart.push(await once(dir));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
  return [
    { case: 'first start, empty embedded database (migrate + demo data)', median: ms(median(first)), runs: first.map((v) => v.toFixed(0)).join(', ') },
    { case: 'restart on that database', median: ms(median(restart)), runs: restart.map((v) => v.toFixed(0)).join(', ') },
  ];
}
