// `npm run backup` while the embedded server runs, and `npm run restore` into a fresh
// DATA_DIR: the restored server serves the same listings, accounts, photos and sessions
// (its secrets came along), and nothing written after the backup. On PostgreSQL, the
// pg_dump and pg_restore commands of docs/operations.md do the same.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { appOn, BACKENDS, call, foodBody, freshPostgres, PASSWORD, signInAgain, signUp } from '../harness.js';
import { photo, upload } from '../images/support.js';

// Ports of this file: 14390 (the first server), 14391 (the restored one: no keep-alive socket of the first is reused).
const PORTS = [14390, 14391];
/** The public URL of both servers (the restored installation keeps it). */
const ORIGIN = `http://localhost:${PORTS[0]}`;
const ENV = { NODE_ENV: 'test', HOST: '127.0.0.1', PUBLIC_URL: ORIGIN, SEED_DEMO: 'false', LOG_LEVEL: 'warn' };
/** Where the test's requests go: the server running now. */
let base = '';
const dirs: string[] = [];
const children: ChildProcess[] = [];
afterAll(() => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  for (const d of dirs) rmSync(d, { recursive: true, force: true });
});

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'plateful-backup-'));
  dirs.push(dir);
  return dir;
}

/** The environment of a child process: ours without AUTH_SECRET and the VAPID keys (the server keeps its own in DATA_DIR). */
function env(dataDir: string, port = PORTS[0]!): NodeJS.ProcessEnv {
  const { AUTH_SECRET: _a, VAPID_PUBLIC_KEY: _b, VAPID_PRIVATE_KEY: _c, DATABASE_URL: _d, ...rest } = process.env;
  return { ...rest, ...ENV, PORT: String(port), DATA_DIR: dataDir };
}

/** Starts `src/server/main.ts` on DATA_DIR `dataDir` and `port`, and waits until it is ready; resolves with a stop function. */
async function serve(dataDir: string, port: number): Promise<() => Promise<void>> {
  base = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], { env: env(dataDir, port), stdio: ['ignore', 'ignore', 'pipe'] });
  children.push(child);
  let err = '';
  child.stderr!.on('data', (d) => (err += String(d)));
  const exited = new Promise((r) => child.on('exit', r));
  for (const until = Date.now() + 60_000; Date.now() < until; await new Promise((r) => setTimeout(r, 150))) {
    if (child.exitCode !== null) throw new Error(`server exited: ${err}`);
    if (await fetch(`${base}/api/ready`).then((r) => r.ok, () => false)) {
      return async () => {
        child.kill('SIGTERM');
        await exited;
      };
    }
  }
  throw new Error(`server not ready: ${err}`);
}

/** Runs `npm run <command> -- file` (the script's command line) on `dataDir`; resolves with its exit code and output. */
function cli(command: 'backup' | 'restore', dataDir: string, file: string): Promise<{ code: number | null; out: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/backup/cli.ts', command, file], { env: env(dataDir) });
  let out = '';
  child.stdout.on('data', (d) => (out += String(d)));
  child.stderr.on('data', (d) => (out += String(d)));
  return new Promise((resolve) => child.on('close', (code) => resolve({ code, out })));
}

const api = (url: string, init: RequestInit & { cookie?: string } = {}) =>
  fetch(`${base}${url}`, { ...init, headers: { origin: ORIGIN, ...(init.cookie ? { cookie: init.cookie } : {}), ...(init.body && typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}) } });

describe('backup and restore of the embedded database', () => {
  it('restores a backup taken while the server runs into a fresh folder, sessions included', async () => {
    const source = tempDir();
    const file = path.join(tempDir(), 'plateful.backup.tar.gz');
    let stop = await serve(source, PORTS[0]!);

    const email = `backup.${Date.now()}@example.org`;
    const signUp = await api('/api/auth/sign-up/email', { method: 'POST', body: JSON.stringify({ name: 'Bea Backup', email, password: PASSWORD }) });
    expect(signUp.status).toBe(200);
    const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(await (await photo(640, 480)).jpeg().toBuffer())], { type: 'image/jpeg' }), 'photo.jpg');
    const uploaded = await fetch(`${base}/api/images`, { method: 'POST', body: form, headers: { origin: ORIGIN, cookie } });
    expect(uploaded.status).toBe(201);
    const photoUrl = ((await uploaded.json()) as { url: string }).url;
    const photoBytes = Buffer.from(await (await api(photoUrl)).arrayBuffer());
    const listed = await api('/api/foods', { method: 'POST', cookie, body: JSON.stringify(foodBody({ FoodName: 'Backed-up Beans', FoodImage: `${ORIGIN}${photoUrl}` })) });
    expect(listed.status).toBe(201);
    const foodId = ((await listed.json()) as { insertedId: string }).insertedId;
    const read = async () => ({
      food: await (await api(`/api/foods/${foodId}`, { cookie })).json(),
      session: ((await (await api('/api/auth/get-session', { cookie })).json()) as { user: { id: string; email: string } }).user,
      photo: Buffer.from(await (await api(photoUrl)).arrayBuffer()),
    });
    const before = await read();
    expect(before.session.email).toBe(email);

    // Another person adds listings, one every 150 ms, all through the backup.
    const writer = await api('/api/auth/sign-up/email', { method: 'POST', body: JSON.stringify({ name: 'Wes Writer', email: `w.${email}`, password: PASSWORD }) });
    const writerCookie = writer.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const written: string[] = [];
    let backingUp = true;
    const writing = (async () => {
      while (backingUp && written.length < 25) {
        const res = await api('/api/foods', { method: 'POST', cookie: writerCookie, body: JSON.stringify(foodBody({ FoodName: `Steady Soup ${written.length}` })) });
        expect(res.status).toBe(201);
        written.push(((await res.json()) as { insertedId: string }).insertedId);
        await new Promise((r) => setTimeout(r, 150));
      }
    })();
    const taken = await cli('backup', source, file);
    backingUp = false;
    await writing;
    expect(taken.out).toContain('taken by the running server');
    expect(taken.code).toBe(0);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    console.info(`backup: ${taken.out.trim()} (${Math.round(statSync(file).size / 1024)} KiB)`);
    // Written after the backup: not in it.
    const later = await api('/api/foods', { method: 'POST', cookie, body: JSON.stringify(foodBody({ FoodName: 'Later Lentils' })) });
    const laterId = ((await later.json()) as { insertedId: string }).insertedId;
    await stop();

    const target = path.join(tempDir(), 'restored');
    const restored = await cli('restore', target, file);
    expect(restored.out).toContain('restored into');
    expect(restored.code).toBe(0);
    stop = await serve(target, PORTS[1]!);
    const after = await read();
    expect(after.food).toEqual(before.food);
    expect(after.session).toEqual(before.session);
    expect(after.photo.equals(photoBytes)).toBe(true);
    expect((await api(`/api/foods/${laterId}`, { cookie })).status).toBe(404);
    // Of the steady writes, the backup holds those before one instant: a prefix of them.
    const kept = await Promise.all(written.map(async (id) => (await api(`/api/foods/${id}`)).status === 200));
    const prefix = kept.indexOf(false) === -1 ? kept.length : kept.indexOf(false);
    expect(kept).toEqual(written.map((_, i) => i < prefix));
    console.info(`backup: ${prefix} of ${written.length} listings written during the backup are in it`);
    const signIn = await api('/api/auth/sign-in/email', { method: 'POST', body: JSON.stringify({ email, password: PASSWORD }) });
    expect(signIn.status).toBe(200);
    await stop();

    // A folder that holds a database is never overwritten.
    const again = await cli('restore', target, file);
    expect(again.code).toBe(1);
    expect(again.out).toContain('already holds a database');
    // With the server stopped, the command takes the snapshot itself.
    const offline = await cli('backup', target, path.join(tempDir(), 'offline.tar.gz'));
    expect(offline.out).toContain('taken with the server stopped');
    expect(offline.code).toBe(0);
  }, 240_000);
});

/** The restore pipeline of docs/operations.md, with the dump in $DUMP and the new database in $TARGET_URL. */
const RESTORE = `pg_restore --no-owner --file=- "$DUMP" \\
  | sed "0,/^SELECT pg_catalog.set_config('search_path', '', false);\\$/s//SELECT pg_catalog.set_config('search_path', 'public', false);/" \\
  | PGOPTIONS='-c client_min_messages=warning' psql --single-transaction --set ON_ERROR_STOP=1 --quiet --output=/dev/null --dbname="$TARGET_URL"`;

describe.each(BACKENDS.filter((b) => b === 'postgres'))('pg_dump and pg_restore on %s', (backend) => {
  const cleanups: (() => Promise<void>)[] = [];
  afterAll(async () => {
    for (const c of cleanups.reverse()) await c();
  });

  it('restores a dump into a new database that serves the same listings, accounts, photos and sessions', async () => {
    const { app, url } = await appOn(cleanups, backend, {}, {});
    const donor = await signUp(app, 'Pat Postgres');
    const photoUrl = ((await upload(app, donor, await (await photo(640, 480)).jpeg().toBuffer())).json() as { url: string }).url;
    const foodId = (await call(app, 'POST', '/api/foods', donor, foodBody({ FoodName: 'Dumped Dates', FoodImage: `http://localhost:3000${photoUrl}` }))).json().insertedId as string;
    const read = async (a: typeof app) => ({
      food: (await call(a, 'GET', `/api/foods/${foodId}`, donor)).json(),
      session: (await call(a, 'GET', '/api/auth/get-session', donor)).json().user,
      photo: (await a.inject({ method: 'GET', url: photoUrl })).rawPayload,
    });
    const before = await read(app);

    const file = path.join(tempDir(), 'plateful.dump');
    const dump = spawnSync('pg_dump', ['--format=custom', '--no-owner', `--file=${file}`, url!], { encoding: 'utf8' });
    expect(dump.stderr).toBe('');
    expect(dump.status).toBe(0);
    const target = await freshPostgres();
    cleanups.push(() => target.drop());
    // docs/operations.md's restore: search_path public while the tables are made (earthdistance's ll_to_earth needs it).
    const restore = spawnSync('sh', ['-c', RESTORE], { encoding: 'utf8', env: { ...process.env, DUMP: file, TARGET_URL: target.url } });
    expect(restore.stderr).toBe('');
    expect(restore.status).toBe(0);

    const { app: restored } = await appOn(cleanups, backend, {}, {}, target.url);
    const after = await read(restored);
    expect(after.food).toEqual(before.food);
    expect(after.session).toEqual(before.session);
    expect(after.photo.equals(before.photo)).toBe(true);
    expect((await signInAgain(restored, donor)).cookie).toBeTruthy();
  }, 120_000);
});
