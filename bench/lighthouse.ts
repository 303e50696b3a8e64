/**
 * Lighthouse benchmark (docs/benchmarks.md): Lighthouse's four category scores of home, available foods and a
 * food detail page, from `scripts/lighthouse.mjs` (the built app on a fresh in-memory
 * database, Debian's Chromium, mobile preset) run as a child process.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** One row per page: performance, accessibility, best-practices, seo (0–100). */
export function lighthouseScores(): Record<string, string | number>[] {
  const run = spawnSync(process.execPath, [path.join(root, 'scripts/lighthouse.mjs')], {
    cwd: root,
    env: { ...process.env, LIGHTHOUSE_JSON: '1', LIGHTHOUSE_PORT: '3398' },
    encoding: 'utf8',
  });
  const line = run.stdout.split('\n').find((l) => l.startsWith('{'));
  if (run.status !== 0 || !line) throw new Error(`npm run lighthouse failed:\n${run.stderr.slice(-2000)}`);
  const rows = JSON.parse(line) as Record<string, Record<string, string | number>>;
  return Object.entries(rows).map(([page, scores]) => ({ page, ...scores }));
}
