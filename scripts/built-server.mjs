// Starts the production app (`scripts/start.mjs`: builds the client if stale) on a
// fresh in-memory database with the demo data, for the screenshot and Lighthouse
// scripts. Resolves once /api/ready answers.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_FLAGS as SHARED_FLAGS, CHROMIUM_PATH } from './chromium.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** The scripts' Chromium: the shared flags, headless. */
export const CHROMIUM_FLAGS = ['--headless', ...SHARED_FLAGS];
export { CHROMIUM_PATH };

/** Starts the app on `port`; returns its origin and a `stop()` that ends it. */
export async function startBuiltServer(port) {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), DATA_DIR: 'memory://', SEED_DEMO: 'true', LOG_LEVEL: 'warn' },
  });
  const origin = `http://localhost:${port}`;
  const stop = () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once('exit', resolve), child.kill('SIGTERM'))));
  for (let waited = 0; waited < 120_000; waited += 500) {
    if (child.exitCode !== null) throw new Error(`the server exited with code ${child.exitCode}`);
    try {
      if ((await fetch(`${origin}/api/ready`)).ok) return { origin, stop };
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  await stop();
  throw new Error('the server did not become ready within 120 s');
}

/** The id of one available demo food, for the food detail page. */
export async function someFoodId(origin) {
  const foods = await (await fetch(`${origin}/api/foods?sortByDate=dec`)).json();
  return foods[0]._id;
}
