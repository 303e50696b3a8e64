// `npm run test:cluster`: the deployment of deploy/ on one machine as several hosts
// (docs/operations.md "Deployment"). As root: network namespaces for three app hosts,
// PgBouncer and nginx (net.mjs); PostgreSQL is this machine's (127.0.0.1:5432, a fresh
// database per run, dropped after). Starts the cluster from deploy/'s files (hosts.mjs),
// runs the checks (checks.mjs) and the rolling upgrade (upgrade.mjs) through nginx over
// HTTPS and HTTP/2, prints the figures, and always removes what it made.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { cachedListAcrossHosts, check, coreLoop, killOneHost, notificationToHostC, sessionEndAcrossHosts } from './checks.mjs';
import { cleanup, dbAdmin, dbName, dir, printLogTails, startCluster, stepper } from './cluster.mjs';
import { makeUpgradeRelease, ready, ROOT, startApp, stop, writeNginx } from './hosts.mjs';
import { rollingUpgrade } from './upgrade.mjs';

const step = stepper('cluster');
const figures = {};

async function main() {
  const journal = JSON.parse(readFileSync(path.join(ROOT, 'drizzle/meta/_journal.json'), 'utf8')).entries.length;
  const { apps, nginx, h2, startMs } = await startCluster(step, {
    onAppsReady: async () => {
      const applied = (await dbAdmin('select count(*)::int as n, count(distinct hash)::int as d from drizzle.__drizzle_migrations')).rows[0];
      check(applied.n === journal && applied.d === journal, `migrated once: ${applied.n} rows for ${journal} migrations`);
      figures.migrationsApplied = applied.n;
    },
  });
  figures.start_ms = startMs;

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
  printLogTails();
  process.exitCode = 1;
} finally {
  clearTimeout(deadline);
  await cleanup();
}
