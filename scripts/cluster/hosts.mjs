// The cluster's processes, started from deploy/'s files with this run's addresses and paths
// put in place of the examples' (10.0.0.x, /etc/..., /opt/plateful): three app hosts as the
// systemd unit runs them (its ExecStart and Environment=, the env file's variables), PgBouncer
// with deploy/pgbouncer/pgbouncer.ini, nginx with deploy/nginx/plateful.conf.
import { execFileSync, spawn } from 'node:child_process';
import { chmodSync, cpSync, mkdirSync, openSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { addressOf, HOST_ADDRESS, nsOf } from './net.mjs';

export const ROOT = path.resolve(import.meta.dirname, '../..');
const deploy = (file) => readFileSync(path.join(ROOT, 'deploy', file), 'utf8');
/** The site name nginx serves and the certificate names. */
export const SITE = 'food.example.org';
/** A fixed VAPID key pair (every host signs with the same one). */
const VAPID = {
  VAPID_PUBLIC_KEY: 'BISwjkrq1VlNPzSWsJ441cwV4UffnaHT0ckWfapRMFARvA2YCZgOht8aTsnvFEterv1oggoX8mzzpkNuhjRvAng',
  VAPID_PRIVATE_KEY: 'E0K5EmrzrKGtTQUmCGuDxuaGifrM5esrwnrMS0p6ZKo',
};

/** The examples' addresses → this run's. */
const ADDRESSES = [
  ['10.0.0.10', addressOf('lb')],
  ['10.0.0.11', addressOf('a')],
  ['10.0.0.12', addressOf('b')],
  ['10.0.0.13', addressOf('c')],
  ['10.0.0.4:5432', `${HOST_ADDRESS}:5432`],
  ['10.0.0.4', addressOf('db')],
];
const retarget = (text) => ADDRESSES.reduce((t, [from, to]) => t.replaceAll(from, to), text);

/** Every child process, so that cleanup can stop whatever is still running. */
export const children = new Set();

/** Runs `argv` inside the namespace of `host`, its output appended to `<dir>/<log>.log`. */
function inHost(host, argv, { dir, log, env = process.env }) {
  const out = openSync(path.join(dir, `${log}.log`), 'a');
  const child = spawn('ip', ['netns', 'exec', nsOf(host), ...argv], { env, stdio: ['ignore', out, out] });
  children.add(child);
  child.on('exit', () => children.delete(child));
  return child;
}

/** A self-signed certificate for SITE in `dir` (cert.pem, key.pem). */
export function makeCertificate(dir) {
  execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '1',
    '-subj', `/CN=${SITE}`, '-addext', `subjectAltName=DNS:${SITE}`, '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem')],
  { stdio: 'ignore' });
  return readFileSync(path.join(dir, 'cert.pem'));
}

/** Starts PgBouncer (as user postgres: it refuses root) on the database host, in front of database `dbName`. */
export function startPgbouncer(dir, dbName) {
  const ini = retarget(deploy('pgbouncer/pgbouncer.ini'))
    .replace('host=127.0.0.1 port=5432 dbname=plateful', `host=${HOST_ADDRESS} port=5432 dbname=${dbName} user=postgres`)
    .replace(/^auth_type = .*$/m, 'auth_type = trust')
    .replace(/^auth_file = .*$/m, `auth_file = ${dir}/userlist.txt`)
    .replace(/^logfile = .*$/m, '')
    .replace(/^pidfile = .*$/m, '');
  writeFileSync(path.join(dir, 'pgbouncer.ini'), ini);
  writeFileSync(path.join(dir, 'userlist.txt'), '"postgres" ""\n');
  return inHost('db', ['pgbouncer', '-u', 'postgres', path.join(dir, 'pgbouncer.ini')], { dir, log: 'pgbouncer' });
}

/** Writes the nginx configuration; `down` lists the app hosts marked down (a rolling upgrade). */
export function writeNginx(dir, down = []) {
  let site = retarget(deploy('nginx/plateful.conf'))
    .replaceAll('/etc/ssl/plateful/fullchain.pem', path.join(dir, 'cert.pem'))
    .replaceAll('/etc/ssl/plateful/privkey.pem', path.join(dir, 'key.pem'))
    .replace(/^\s*listen \[::\].*$/gm, '');
  for (const host of down) site = site.replace(`server ${addressOf(host)}:3000 `, `server ${addressOf(host)}:3000 down `);
  writeFileSync(path.join(dir, 'plateful.conf'), site);
  const temp = (name) => {
    mkdirSync(path.join(dir, 'nginx', name), { recursive: true });
    chmodSync(path.join(dir, 'nginx', name), 0o777);
    return `${name}_temp_path ${path.join(dir, 'nginx', name)};`;
  };
  writeFileSync(path.join(dir, 'nginx.conf'), `daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/nginx-error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  include ${dir}/plateful.conf;
}
`);
}

/** Starts nginx on the load balancer with the configuration `writeNginx` wrote. */
export function startNginx(dir) {
  writeNginx(dir);
  return inHost('lb', ['nginx', '-c', path.join(dir, 'nginx.conf'), '-p', dir], { dir, log: 'nginx' });
}

/** The environment of an app host: deploy/plateful.env's variables, this run's values, then the unit's Environment=. */
function appEnv(dir, host, dbName, extra) {
  const env = {};
  for (const line of retarget(deploy('plateful.env')).split('\n')) {
    const m = /^([A-Z_]+)=(.*)$/.exec(line);
    if (m) env[m[1]] = m[2];
  }
  delete env.SMTP_URL; // Mails go to the log.
  Object.assign(env, VAPID, {
    DATABASE_URL: `postgres://postgres@${addressOf('db')}:6432/plateful`,
    DATABASE_DIRECT_URL: `postgres://postgres@${HOST_ADDRESS}:5432/${dbName}`,
    AUTH_SECRET: 'cluster-test-secret-cluster-test-secret-0123',
    DATA_DIR: path.join(dir, `data-${host}`),
    SEED_DEMO: 'false',
    LOG_LEVEL: 'warn',
  });
  for (const m of deploy('systemd/plateful.service').matchAll(/^Environment=([A-Z_]+)=(.*)$/gm)) env[m[1]] = m[2];
  return { PATH: process.env.PATH, ...env, ...extra };
}

/** The unit's ExecStart, with the release folder in place of /opt/plateful. */
function execStart(release) {
  const line = /^ExecStart=(.*)$/m.exec(deploy('systemd/plateful.service'))[1];
  return line.replaceAll('/opt/plateful', release).split(/\s+/).map((w) => (w === '/usr/bin/node' ? process.execPath : w));
}

/** Starts the app on `host` from `release` (a folder laid out as /opt/plateful); `extra` adds variables. */
export function startApp(dir, host, dbName, release, extra = {}) {
  mkdirSync(path.join(dir, `data-${host}`), { recursive: true });
  return inHost(host, execStart(release), { dir, log: `app-${host}`, env: appEnv(dir, host, dbName, extra) });
}

/**
 * A second release in `dir/release-2`: this one's server, its migrations plus one that adds a
 * column (`foods.upgrade_note`), node_modules shared. Returns its folder.
 */
export function makeUpgradeRelease(dir) {
  const release = path.join(dir, 'release-2');
  mkdirSync(release, { recursive: true });
  for (const f of ['package.json', 'dist/server', 'drizzle', 'src/server/seed/images']) cpSync(path.join(ROOT, f), path.join(release, f), { recursive: true });
  symlinkSync(path.join(ROOT, 'node_modules'), path.join(release, 'node_modules'));
  const journalFile = path.join(release, 'drizzle/meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalFile, 'utf8'));
  const last = journal.entries.at(-1);
  const tag = `${String(last.idx + 1).padStart(4, '0')}_cluster_upgrade`;
  journal.entries.push({ ...last, idx: last.idx + 1, when: Math.max(Date.now(), last.when + 1), tag });
  writeFileSync(journalFile, JSON.stringify(journal, null, 2));
  writeFileSync(path.join(release, `drizzle/${tag}.sql`), 'ALTER TABLE "foods" ADD COLUMN "upgrade_note" text;\n');
  return release;
}

/** Resolves when `http://<host>:3000/api/ready` answers 200; rejects after `ms`. */
export async function ready(host, ms = 30_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    const ok = await fetch(`http://${addressOf(host)}:3000/api/ready`, { signal: AbortSignal.timeout(1000) }).then((r) => r.ok, () => false);
    if (ok) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`host ${host} not ready within ${ms} ms`);
}

/** Sends `signal` to `child` and resolves when it has exited; SIGKILL after `killAfterMs` when given. */
export function stop(child, signal = 'SIGTERM', killAfterMs) {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = killAfterMs === undefined ? undefined : setTimeout(() => child.kill('SIGKILL'), killAfterMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill(signal);
  });
}
