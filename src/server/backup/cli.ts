/**
 * `npm run backup -- FILE` and `npm run restore -- FILE` for the embedded database
 * (DATABASE_URL unset; PostgreSQL: pg_dump, docs/operations.md "Backups").
 * Backup: when a server owns DATA_DIR it takes the snapshot itself (requests.ts), else this
 * command takes DATA_DIR's lock and the snapshot of the database as it is (not migrated);
 * the folder is then packed into FILE (archive.ts).
 * Restore: into a DATA_DIR without a database only; unpacks FILE, loads the database tarball
 * with PGlite, puts the photo files and secrets in place, and opens the result once (migrating
 * it when the backup is older than this version). Exit code 1 with one line on any failure.
 */
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, rm, copyFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { openDatabase } from '../db/client.js';
import { lockDataDir } from '../db/lock.js';
import { pack, unpack } from './archive.js';
import { BACKUP_SIGNAL, DONE, SERVING, requestsDir, type Done } from './requests.js';
import { PARTS, snapshot } from './snapshot.js';

/** The extensions of the database (db/client.ts). */
const EXTENSIONS = { pg_trgm, cube, earthdistance };
/** Longest wait for the server's snapshot, ms. */
const WAIT_MS = 10 * 60_000;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The pid that owns `dataDir` (server.lock) when it is alive and answers backup requests; else undefined. */
function servingOwner(dataDir: string): number | undefined {
  const read = (file: string) => Number(readFileSync(file, 'utf8').trim());
  let pid: number;
  try {
    pid = read(path.join(dataDir, 'server.lock'));
    process.kill(pid, 0);
  } catch {
    return undefined;
  }
  const serving = existsSync(path.join(requestsDir(dataDir), SERVING)) ? read(path.join(requestsDir(dataDir), SERVING)) : undefined;
  if (serving !== pid) throw new Error(`DATA_DIR ${dataDir} is in use by process ${pid}, which takes no backups (an older version): stop it, or upgrade it first`);
  return pid;
}

/** Writes the backup of `dataDir` into `file`. */
export async function backup(dataDir: string, file: string): Promise<string> {
  if (!existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) throw new Error(`DATA_DIR ${dataDir} holds no embedded database`);
  await mkdir(requestsDir(dataDir), { recursive: true });
  const dir = await mkdtemp(path.join(requestsDir(dataDir), 'b-'));
  try {
    const pid = servingOwner(dataDir);
    if (pid) {
      process.kill(pid, BACKUP_SIGNAL);
      const until = Date.now() + WAIT_MS;
      while (!existsSync(path.join(dir, DONE))) {
        if (Date.now() > until) throw new Error(`process ${pid} took no snapshot within ${WAIT_MS / 60_000} minutes`);
        await sleep(100);
      }
      const done = JSON.parse(await readFile(path.join(dir, DONE), 'utf8')) as Done;
      if (!done.ok) throw new Error(`the server's snapshot failed: ${done.error}`);
    } else {
      // Opened as it is, not migrated: a backup taken before an upgrade holds the old version.
      const unlock = lockDataDir(dataDir);
      try {
        const client = await PGlite.create(path.join(dataDir, 'pglite'), { extensions: EXTENSIONS });
        await snapshot(client, dataDir, dir).finally(() => client.close());
      } finally {
        unlock();
      }
    }
    await pack(dir, file);
    return pid ? `taken by the running server (process ${pid})` : 'taken with the server stopped';
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Restores backup `file` into `dataDir`, which must hold no database yet. */
export async function restore(dataDir: string, file: string): Promise<void> {
  if (existsSync(path.join(dataDir, 'pglite', 'PG_VERSION'))) throw new Error(`DATA_DIR ${dataDir} already holds a database: restore into a new folder`);
  await mkdir(dataDir, { recursive: true });
  const unlock = lockDataDir(dataDir);
  const dir = await mkdtemp(path.join(dataDir, '.restore-'));
  try {
    await unpack(file, dir);
    const location = path.join(dataDir, 'pglite');
    await mkdir(location, { recursive: true });
    const loadDataDir = new Blob([await readFile(path.join(dir, PARTS.database))]);
    const client = await PGlite.create(location, { loadDataDir, extensions: EXTENSIONS });
    await client.close();
    const images = path.join(dataDir, PARTS.images);
    if (existsSync(path.join(dir, PARTS.images))) {
      if (existsSync(images)) await cp(path.join(dir, PARTS.images), images, { recursive: true });
      else await rename(path.join(dir, PARTS.images), images);
    }
    for (const name of PARTS.secrets) {
      if (existsSync(path.join(dir, name)) && !existsSync(path.join(dataDir, name))) await copyFile(path.join(dir, name), path.join(dataDir, name));
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
    unlock();
  }
  // Opens it as the server will (and migrates a backup of an older version).
  const handle = await openDatabase({ dataDir });
  await handle.close();
}

async function main(argv: string[]) {
  const [command, arg] = argv;
  if ((command !== 'backup' && command !== 'restore') || !arg) throw new Error('usage: npm run backup -- FILE | npm run restore -- FILE');
  if (existsSync('.env')) process.loadEnvFile('.env');
  if (process.env.DATABASE_URL) throw new Error('DATABASE_URL is set: back up PostgreSQL with pg_dump and restore with pg_restore (docs/operations.md, Backups)');
  const dataDir = path.resolve(process.env.DATA_DIR ?? './data');
  // npm runs scripts in the package folder: FILE is relative to where the command was typed.
  const file = path.resolve(process.env.INIT_CWD ?? process.cwd(), arg);
  if (command === 'backup') console.log(`backup of ${dataDir} written to ${file}, ${await backup(dataDir, file)}`);
  else {
    await restore(dataDir, file);
    console.log(`${file} restored into ${dataDir}`);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
