// A server whose standard output and error have gone away
// (its supervisor stopped reading, its pipes filled up, then their reading ends were
// closed) still exits within SHUTDOWN_TIMEOUT_MS plus a second of SIGTERM; before,
// pino's exit-time flush retried the write forever.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const PORT = 3335;
const SHUTDOWN_TIMEOUT_MS = 2_000;
const dir = mkdtempSync(path.join(tmpdir(), 'plateful-exit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('the server process with its log destination gone', () => {
  it(`exits within SHUTDOWN_TIMEOUT_MS + 1 s of SIGTERM`, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
      env: {
        ...process.env,
        NODE_ENV: 'production',
        PORT: String(PORT),
        HOST: '127.0.0.1',
        DATA_DIR: dir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'info',
        SHUTDOWN_TIMEOUT_MS: String(SHUTDOWN_TIMEOUT_MS),
        AUTH_SECRET: 'exit-test-secret-0123456789abcdef-xyz0',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const exited = new Promise<number>((resolve) => child.on('exit', () => resolve(performance.now())));
    try {
      let up = false;
      for (let i = 0; i < 600 && !up; i++) {
        up = await fetch(`http://127.0.0.1:${PORT}/api/ready`).then((r) => r.status === 200, () => false);
        if (!up) await new Promise((r) => setTimeout(r, 150));
      }
      expect(up).toBe(true);
      // The reader stops reading (its pipes stay open and fill up), then goes away.
      child.stdout.pause();
      child.stderr.pause();
      for (let i = 0; i < 1500; i++) {
        const ok = await fetch(`http://127.0.0.1:${PORT}/api/foods?limit=1&n=${'x'.repeat(400)}`, { signal: AbortSignal.timeout(2_000) }).then((r) => r.text().then(() => true), () => false);
        if (!ok) break;
      }
      const sent = performance.now();
      child.kill('SIGTERM');
      await new Promise((r) => setTimeout(r, 100));
      child.stdout.destroy();
      child.stderr.destroy();
      const took = await Promise.race([exited.then((at) => at - sent), new Promise<number>((r) => setTimeout(() => r(Infinity), 15_000))]);
      console.log(`[exit] SIGTERM with the log pipes full, then closed → exited after ${took === Infinity ? 'more than 15 s' : `${took.toFixed(0)} ms`}`);
      expect(took).toBeLessThan(SHUTDOWN_TIMEOUT_MS + 1_000);
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
  }, 180_000);
});
