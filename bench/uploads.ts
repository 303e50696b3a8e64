/**
 * Upload load benchmark (benchmark 7, docs/benchmarks.md: uploads never stall the server): on each
 * database (embedded PGlite in a temporary DATA_DIR, and a fresh PostgreSQL
 * database next to `BENCH_DATABASE_URL`), Plateful runs compiled with demo data;
 * the list (`/api/foods?limit=24`, 4 sequential clients) and `/api/health`
 * (1 client) are timed idle for 5 s, then while one account sends 10 distinct
 * 12-megapixel JPEGs at once, until the last upload is answered. RSS of the server
 * is read before the burst, at its peak, and 60 s after it.
 * Targets: list p95 under load ≤ 3 × idle, health p95 < 50 ms, RSS 60 s after
 * within 100 MiB of before. Alone (after `npm run build`): `node --import tsx bench/uploads.ts`.
 * `BENCH_UPLOADS_PORT` (default 3395) is where the server listens. The server runs
 * with the glibc allocator settings docs/operations.md recommends ({@link GLIBC_TUNABLES});
 * `BENCH_GLIBC_TUNABLES=` (empty) runs it with glibc's defaults instead.
 */
import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { twelveMegapixelJpeg } from './images.js';
import { BENCH_DATABASE_URL, BENCH_VAPID, ms, printTable, start, waitReady } from './lib.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PORT = Number(process.env.BENCH_UPLOADS_PORT ?? 3395);
const BASE = `http://127.0.0.1:${PORT}`;
const LIST = '/api/foods?limit=24';
const UPLOADS = 10;
/**
 * docs/operations.md: with glibc's defaults, the memory libvips and large buffers free
 * stays in per-thread arenas (RSS +110–130 MiB after a burst); a fixed mmap threshold
 * and two arenas give it back to the system.
 */
export const GLIBC_TUNABLES = process.env.BENCH_GLIBC_TUNABLES ?? 'glibc.malloc.mmap_threshold=131072:glibc.malloc.arena_max=2';

/** Resident and peak memory of process `pid`, MiB (Linux /proc). */
function memory(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024;
  return { rss: kib('VmRSS'), peak: kib('VmHWM') };
}

/** p95 of `times`, ms. */
const p95 = (times: number[]) => [...times].sort((a, b) => a - b)[Math.floor(times.length * 0.95)] ?? NaN;

/** Runs `clients` sequential GET loops on `url` until `until` settles (at least `minMs`); resolves every latency. */
async function timed(url: string, clients: number, until: Promise<unknown>, minMs = 0): Promise<number[]> {
  const times: number[] = [];
  let done = false;
  const stop = Promise.all([until, new Promise((r) => setTimeout(r, minMs))]).then(() => (done = true));
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (!done) {
        const began = performance.now();
        const res = await fetch(url);
        await res.arrayBuffer();
        times.push(performance.now() - began);
      }
    }),
  );
  await stop;
  return times;
}

/** Signs up a fresh account; resolves its cookie. */
async function signUp(): Promise<string> {
  const res = await fetch(`${BASE}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: BASE },
    body: JSON.stringify({ name: 'Bench Uploader', email: `bench-${Date.now()}@example.org`, password: 'bench-password-1', image: 'https://example.org/a.png' }),
  });
  if (!res.ok) throw new Error(`sign-up failed: ${res.status} ${await res.text()}`);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

/** `jpeg` with a comment segment after its start marker, so each copy is distinct bytes that decode alike. */
function distinct(jpeg: Buffer, n: number): Buffer {
  const text = Buffer.from(`plateful bench upload ${n} ${Date.now()}`);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(text.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, text, jpeg.subarray(2)]);
}

async function uploadOnce(cookie: string, bytes: Buffer): Promise<number> {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type: 'image/jpeg' }), 'photo.jpg');
  const res = await fetch(`${BASE}/api/images`, { method: 'POST', headers: { cookie, origin: BASE }, body: form });
  await res.arrayBuffer();
  return res.status;
}

/** One database: starts the server on `env`, measures, stops it; resolves the table row. */
async function measure(label: string, env: Record<string, string>, jpeg: Buffer): Promise<Record<string, string | number>> {
  const server = start(process.execPath, [path.join(root, 'dist/server/main.js')], {
    NODE_ENV: 'production',
    PORT: String(PORT),
    HOST: '127.0.0.1',
    AUTH_SECRET: 'bench-secret-bench-secret-bench-secret-01',
    ...BENCH_VAPID,
    SEED_DEMO: 'true',
    LOG_LEVEL: 'warn',
    ...(GLIBC_TUNABLES ? { GLIBC_TUNABLES } : {}),
    ...env,
  });
  try {
    await waitReady(`${BASE}/api/ready`, 60_000);
    const cookie = await signUp();
    await timed(`${BASE}${LIST}`, 2, Promise.resolve(), 1000); // warm-up
    const idleList = timed(`${BASE}${LIST}`, 4, Promise.resolve(), 5000);
    const idleHealth = timed(`${BASE}/api/health`, 1, Promise.resolve(), 5000);
    const [listIdle, healthIdle] = [await idleList, await idleHealth];
    const before = memory(server.proc.pid!).rss;
    const began = performance.now();
    const burst = Promise.all(Array.from({ length: UPLOADS }, (_, i) => uploadOnce(cookie, distinct(jpeg, i))));
    const [listBusy, healthBusy, statuses] = await Promise.all([
      timed(`${BASE}${LIST}`, 4, burst),
      timed(`${BASE}/api/health`, 1, burst),
      burst,
    ]);
    const burstMs = performance.now() - began;
    const peak = memory(server.proc.pid!).peak;
    await new Promise((r) => setTimeout(r, 60_000));
    const after = memory(server.proc.pid!).rss;
    const counts = statuses.reduce<Record<number, number>>((acc, s) => ({ ...acc, [s]: (acc[s] ?? 0) + 1 }), {});
    const ratio = p95(listBusy) / p95(listIdle);
    const verdict = (ok: boolean) => (ok ? 'met' : 'MISSED');
    return {
      database: label,
      'list p95 idle': ms(p95(listIdle)),
      'list p95 burst': ms(p95(listBusy)),
      'list ×': `${ratio.toFixed(1)}x`,
      'health p95 idle': ms(p95(healthIdle)),
      'health p95 burst': ms(p95(healthBusy)),
      'RSS before/peak/+60 s': `${before.toFixed(0)}/${peak.toFixed(0)}/${after.toFixed(0)} MiB`,
      uploads: Object.entries(counts).map(([s, n]) => `${n} × ${s}`).join(', '),
      'burst took': `${(burstMs / 1000).toFixed(1)} s`,
      'list ≤ 3× idle': verdict(ratio <= 3),
      'health < 50 ms': verdict(p95(healthBusy) < 50),
      'RSS +60 s ≤ before + 100 MiB': verdict(after - before <= 100),
    };
  } finally {
    await server.stop();
  }
}

/** Both databases; resolves the table rows. */
export async function uploadsBenchmark(): Promise<Record<string, string | number>[]> {
  const jpeg = await twelveMegapixelJpeg();
  const rows: Record<string, string | number>[] = [];
  const dir = mkdtempSync(path.join(tmpdir(), 'plateful-uploads-'));
  try {
    rows.push(await measure('PGlite', { DATA_DIR: dir }, jpeg));
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  const admin = new URL(BENCH_DATABASE_URL);
  admin.pathname = '/postgres';
  const name = `plateful_bench_uploads_${process.pid}`;
  const client = new pg.Client({ connectionString: admin.toString() });
  await client.connect();
  await client.query(`create database ${name}`);
  try {
    const url = new URL(admin);
    url.pathname = `/${name}`;
    rows.push(await measure('PostgreSQL', { DATABASE_URL: url.toString(), DATA_DIR: tmpdir() }, jpeg));
  } finally {
    await client.query(`drop database if exists ${name} with (force)`);
    await client.end();
  }
  return rows;
}

/** Printed under this title by `npm run bench` and when run alone. */
export const UPLOADS_TITLE = `Uploads: list (4 clients) and /api/health (1 client) idle, then during ${UPLOADS} concurrent 12-megapixel JPEG uploads; RSS before, at peak, 60 s after (GLIBC_TUNABLES=${GLIBC_TUNABLES || 'unset'})`;

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printTable(UPLOADS_TITLE, await uploadsBenchmark());
}
