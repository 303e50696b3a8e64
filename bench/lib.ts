/** Helpers shared by the benchmarks: child servers, readiness polling, tables. */
import { spawn, type ChildProcess } from 'node:child_process';

/** VAPID keys of the benchmark servers (required with DATABASE_URL; no push is sent). */
export const BENCH_VAPID = {
  VAPID_PUBLIC_KEY: 'BISwjkrq1VlNPzSWsJ441cwV4UffnaHT0ckWfapRMFARvA2YCZgOht8aTsnvFEterv1oggoX8mzzpkNuhjRvAng',
  VAPID_PRIVATE_KEY: 'E0K5EmrzrKGtTQUmCGuDxuaGifrM5esrwnrMS0p6ZKo',
};

/** The benchmark's own PostgreSQL database (never the tests' one); `BENCH_DATABASE_URL` overrides it. */
export const BENCH_DATABASE_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/plateful_bench';

/** Polls `url` every 10 ms until it answers 200; resolves with the milliseconds waited. */
export async function waitReady(url: string, timeoutMs = 30_000, since = performance.now()): Promise<number> {
  for (;;) {
    try {
      const res = await fetch(url);
      if (res.ok) return performance.now() - since;
    } catch {
      // not listening yet
    }
    if (performance.now() - since > timeoutMs) throw new Error(`${url} was not ready after ${timeoutMs} ms`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

/** A child process the benchmark started, in its own process group so its children stop with it. */
export interface Child {
  proc: ChildProcess;
  stop(): Promise<void>;
}

/** Starts `command args` with `env` added, output discarded unless it fails; `stop` ends its process group. */
export function start(command: string, args: string[], env: Record<string, string>): Child {
  const proc = spawn(command, args, { env: { ...process.env, ...env }, stdio: ['ignore', 'ignore', 'pipe'], detached: true });
  let stderr = '';
  proc.stderr?.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)));
  proc.on('exit', (code, signal) => {
    if (code && !signal) console.error(`${command} ${args.join(' ')} exited with ${code}:\n${stderr}`);
  });
  return {
    proc,
    stop: () =>
      new Promise((resolve) => {
        if (proc.exitCode !== null || proc.signalCode !== null) return resolve();
        proc.once('exit', () => resolve());
        process.kill(-proc.pid!, 'SIGTERM');
      }),
  };
}

/** Prints `rows` as an aligned text table under `title`; numbers are right-aligned. */
export function printTable(title: string, rows: Record<string, string | number>[]): void {
  console.log(`\n${title}`);
  if (rows.length === 0) return;
  const headers = Object.keys(rows[0]!);
  const cells = rows.map((r) => headers.map((h) => String(r[h] ?? '')));
  const widths = headers.map((h, i) => Math.max(h.length, ...cells.map((c) => c[i]!.length)));
  const numeric = headers.map((h) => rows.every((r) => typeof r[h] === 'number' || /^[\d.,]+( ms| s| KB|x)?$/.test(String(r[h]))));
  const line = (c: string[]) => `| ${c.map((v, i) => (numeric[i] ? v.padStart(widths[i]!) : v.padEnd(widths[i]!))).join(' | ')} |`;
  console.log(line(headers));
  console.log(`|${widths.map((w, i) => (numeric[i] ? `${'-'.repeat(w + 1)}:` : `-${'-'.repeat(w + 1)}`)).join('|')}|`);
  for (const c of cells) console.log(line(c));
}

/** Milliseconds with one decimal. */
export const ms = (v: number) => `${v.toFixed(1)} ms`;
/** Bytes as KB (1000) with two decimals. */
export const kb = (bytes: number) => `${(bytes / 1000).toFixed(2)} KB`;
