// Starting and removing the cluster of deploy/ on one machine as several hosts, shared by
// `npm run test:cluster` (run.mjs) and `npm run bench:cluster` (bench.mjs). As root: network
// namespaces for three app hosts, PgBouncer and nginx (net.mjs); PostgreSQL is this machine's
// (127.0.0.1:5432, a fresh database per run, dropped after); the processes from deploy/'s
// files (hosts.mjs). `cleanup` always removes what `startCluster` made, also on a signal.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { h2Client } from './client.mjs';
import { children, makeCertificate, ready, ROOT, startApp, startNginx, startPgbouncer, stop } from './hosts.mjs';
import { addressOf, netDown, netUp, relay, relayThread } from './net.mjs';

const ADMIN_URL = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
/** The run's database (dropped by `cleanup`). */
export const dbName = `plateful_cluster_${process.pid}`;
/** The run's folder: configuration, certificate, data folders and logs. */
export const dir = mkdtempSync(path.join(os.tmpdir(), 'plateful-cluster-'));
let closeRelay;
let h2;
let cleaned = false;

/** Runs `query` with `params` on a fresh connection to database `db` of this machine's PostgreSQL. */
async function on(db, query, params) {
  const c = new pg.Client({ connectionString: db ? ADMIN_URL.replace(/\/[^/]*$/, `/${db}`) : ADMIN_URL });
  await c.connect();
  try {
    return await c.query(query, params);
  } finally {
    await c.end();
  }
}

/** Runs `query` with `params` straight on the run's database (not through PgBouncer); resolves with pg's result. */
export const dbAdmin = (query, params) => on(dbName, query, params);

/** Stops every process, removes the namespaces and the folder; drops the database unless `sync`. */
export async function cleanup(sync = false) {
  if (cleaned) return;
  cleaned = true;
  h2?.close();
  // SIGTERM first: nginx's master then ends its workers (a SIGKILLed master would orphan them).
  if (sync) for (const child of children) child.kill('SIGTERM');
  else await Promise.all([...children].map((child) => stop(child, 'SIGTERM', 3000)));
  netDown();
  await closeRelay?.();
  if (!sync) await on(undefined, `drop database if exists ${dbName} with (force)`).catch(() => undefined);
  if (!process.env.CLUSTER_KEEP_LOGS) rmSync(dir, { recursive: true, force: true });
}
process.on('exit', () => void cleanup(true));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => cleanup().finally(() => process.exit(130)));

/** Logs one step of a run as `<prefix>: <name>`. */
export const stepper = (prefix) => (name) => console.log(`${prefix}: ${name}`);

/**
 * Builds the server, brings the network up, creates the database and starts PgBouncer, the
 * three app hosts at once (`onAppsReady` runs when all answer /api/ready, before nginx starts)
 * and nginx, then waits until nginx answers. `relayOnThread`: the database relay (net.mjs) gets
 * a thread of its own. Resolves with { ca, apps, nginx, h2, startMs }
 * (`apps`: host → child process, for the caller to replace; `h2`: an HTTP/2 client of nginx).
 */
export async function startCluster(step, { onAppsReady = async () => undefined, relayOnThread = false } = {}) {
  if (process.getuid?.() !== 0) throw new Error('check failed: run as root (ip netns)');
  step('building the server (scripts/build-server.mjs)');
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  step('network: namespaces db, lb, a, b, c on 10.77.0.0/24');
  netUp();
  closeRelay = await (relayOnThread ? relayThread() : relay());
  await on(undefined, `create database ${dbName}`);
  const ca = makeCertificate(dir);
  startPgbouncer(dir, dbName);

  step('three app hosts start at once on a fresh database');
  const apps = {};
  const t = performance.now();
  for (const host of ['a', 'b', 'c']) apps[host] = startApp(dir, host, dbName, ROOT);
  await Promise.all(['a', 'b', 'c'].map((host) => ready(host)));
  const startMs = Math.round(performance.now() - t);
  await onAppsReady();

  const nginx = startNginx(dir);
  h2 = h2Client(addressOf('lb'), ca);
  const since = performance.now();
  while ((await h2.request('GET', '/api/ready').catch(() => ({ status: 0 }))).status !== 200) {
    if (performance.now() - since > 10_000) throw new Error('check failed: nginx answers /api/ready within 10 s');
    await new Promise((r) => setTimeout(r, 100));
  }
  return { ca, apps, nginx, h2, startMs };
}

/** Prints the last lines of each process's log in the run's folder (after a failure). */
export function printLogTails() {
  for (const log of ['app-a', 'app-b', 'app-c', 'pgbouncer', 'nginx-error']) {
    try {
      console.error(`--- ${log}.log (tail)\n${readFileSync(path.join(dir, `${log}.log`), 'utf8').split('\n').slice(-15).join('\n')}`);
    } catch {
      // Never written.
    }
  }
}
