// `npm run test:cluster`: the deployment of deploy/ on one machine as several hosts
// (docs/operations.md "Deployment"). As root: network namespaces for three app hosts,
// PgBouncer and nginx (net.mjs); PostgreSQL is this machine's (127.0.0.1:5432, a fresh
// database per run, dropped after). Starts the cluster from deploy/'s files (hosts.mjs),
// runs the checks (checks.mjs) and the rolling upgrade (upgrade.mjs) through nginx over
// HTTPS and HTTP/2, prints the figures, and always removes what it made.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { cachedListAcrossHosts, check, coreLoop, killOneHost, notificationToHostC, sessionEndAcrossHosts } from './checks.mjs';
import { h2Client } from './client.mjs';
import { children, makeCertificate, makeUpgradeRelease, ready, ROOT, startApp, startNginx, startPgbouncer, stop, writeNginx } from './hosts.mjs';
import { addressOf, netDown, netUp, relay } from './net.mjs';
import { rollingUpgrade } from './upgrade.mjs';

const ADMIN_URL = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const dbName = `plateful_cluster_${process.pid}`;
const dir = mkdtempSync(path.join(os.tmpdir(), 'plateful-cluster-'));
let closeRelay;
let h2;
let cleaned = false;

async function admin(query, params) {
  const c = new pg.Client({ connectionString: ADMIN_URL });
  await c.connect();
  try {
    return await c.query(query, params);
  } finally {
    await c.end();
  }
}

/** Stops every process, removes the namespaces and the folder; drops the database unless `sync`. */
async function cleanup(sync = false) {
  if (cleaned) return;
  cleaned = true;
  h2?.close();
  // SIGTERM first: nginx's master then ends its workers (a SIGKILLed master would orphan them).
  if (sync) for (const child of children) child.kill('SIGTERM');
  else await Promise.all([...children].map((child) => stop(child, 'SIGTERM', 3000)));
  netDown();
  await closeRelay?.();
  if (!sync) await admin(`drop database if exists ${dbName} with (force)`).catch(() => undefined);
  if (!process.env.CLUSTER_KEEP_LOGS) rmSync(dir, { recursive: true, force: true });
}
process.on('exit', () => void cleanup(true));
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => cleanup().finally(() => process.exit(130)));

const step = (name) => console.log(`cluster: ${name}`);
const figures = {};

async function main() {
  check(process.getuid?.() === 0, 'run as root (ip netns)');
  step('building the server (scripts/build-server.mjs)');
  execFileSync(process.execPath, [path.join(ROOT, 'scripts/build-server.mjs')], { stdio: 'inherit' });
  step('network: namespaces db, lb, a, b, c on 10.77.0.0/24');
  netUp();
  closeRelay = await relay();
  await admin(`create database ${dbName}`);
  const ca = makeCertificate(dir);
  startPgbouncer(dir, dbName);

  step('three app hosts start at once on a fresh database');
  const apps = {};
  let t = performance.now();
  for (const host of ['a', 'b', 'c']) apps[host] = startApp(dir, host, dbName, ROOT);
  await Promise.all(['a', 'b', 'c'].map((host) => ready(host)));
  figures.start_ms = Math.round(performance.now() - t);
  const journal = JSON.parse(readFileSync(path.join(ROOT, 'drizzle/meta/_journal.json'), 'utf8')).entries.length;
  const dbAdmin = (q, p) => {
    const c = new pg.Client({ connectionString: ADMIN_URL.replace(/\/[^/]*$/, `/${dbName}`) });
    return c.connect().then(() => c.query(q, p)).finally(() => c.end());
  };
  const applied = (await dbAdmin('select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations')).rows[0];
  check(applied.n === journal && applied.d === journal, `migrated once: ${applied.n} rows for ${journal} migrations`);
  figures.migrationsApplied = applied.n;

  const nginx = startNginx(dir);
  h2 = h2Client(addressOf('lb'), ca);
  t = performance.now();
  while ((await h2.request('GET', '/api/ready').catch(() => ({ status: 0 }))).status !== 200) {
    check(performance.now() - t < 10_000, 'nginx answers /api/ready within 10 s');
    await new Promise((r) => setTimeout(r, 100));
  }

  step('core loop through nginx (HTTPS, HTTP/2)');
  await coreLoop(h2);
  step('a listing written on a is in b\'s cached list');
  Object.assign(figures, await cachedListAcrossHosts(h2));
  step('a session ended on a ends its streams on b and c');
  Object.assign(figures, await sessionEndAcrossHosts(h2));
  step('a notification reaches a stream held on c');
  Object.assign(figures, await notificationToHostC(h2));

  step('host b is killed under write load');
  figures.kill = await killOneHost(h2, () => stop(apps.b, 'SIGKILL'));
  apps.b = startApp(dir, 'b', dbName, ROOT);
  await ready('b');

  step('rolling upgrade under ~50 requests/s');
  const release = makeUpgradeRelease(dir);
  const hosts = {
    async drain(host) {
      writeNginx(dir, host ? [host] : []);
      nginx.kill('SIGHUP');
    },
    async restart(host) {
      await stop(apps[host]);
      apps[host] = startApp(dir, host, dbName, release, { PLATEFUL_RELEASE: '2' });
      await ready(host);
    },
  };
  const notificationIds = async (email) =>
    (await dbAdmin(`select n.id, n.created_at from notifications n join users u on u.id = n.user_id where u.email = $1 and n.type = 'request.created'`, [email])).rows.map(
      (r) => ({ id: r.id, createdAt: r.created_at.toISOString() }),
    );
  figures.upgrade = await rollingUpgrade(h2, hosts, notificationIds);
  const column = await dbAdmin(`select 1 from information_schema.columns where table_name = 'foods' and column_name = 'upgrade_note'`);
  const after = (await dbAdmin('select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations')).rows[0];
  figures.upgrade.migration = column.rowCount === 1 && after.n === journal + 1 && after.d === journal + 1 ? 'column added, applied once' : 'NOT applied';

  console.log(JSON.stringify(figures, null, 2));
  const u = figures.upgrade;
  console.log(`cluster: rolling upgrade: ${u.requests} requests at ${u.requestsPerSecond}/s, ${u.failedRequests} failed; ${u.writesAcknowledged} requests made, ${u.notificationEventsReceived} notification events received, ${u.lostEvents} lost`);
  check(u.failedRequests === 0, `rolling upgrade: ${u.failedRequests} failed requests: ${u.firstFailures.join(' | ')}`);
  check(u.lostEvents === 0, `rolling upgrade: ${u.lostEvents} lost events`);
  check(u.writesAcknowledged > 0 && u.notifications > 0, 'requests were made and notified during the upgrade');
  check(u.migration === 'column added, applied once', 'the upgrade migration ran once');
}

const deadline = setTimeout(() => {
  console.error('cluster: over 5 minutes, giving up');
  cleanup().finally(() => process.exit(1));
}, 300_000);
try {
  await main();
  step('all checks passed');
  process.exitCode = 0;
} catch (error) {
  console.error(error);
  for (const log of ['app-a', 'app-b', 'app-c', 'pgbouncer', 'nginx-error']) {
    try {
      console.error(`--- ${log}.log (tail)\n${readFileSync(path.join(dir, `${log}.log`), 'utf8').split('\n').slice(-15).join('\n')}`);
    } catch {
      // Never written.
    }
  }
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  await cleanup();
}
