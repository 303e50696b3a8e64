/**
 * Backups of a running embedded installation. Only the server process may read its PGlite
 * database, so `npm run backup` asks it: it makes an empty folder
 * `DATA_DIR/backup-requests/<name>/` and sends the process named in `DATA_DIR/server.lock`
 * the signal SIGUSR2; the server writes the snapshot (snapshot.ts) into every such folder
 * without a `done.json`, then writes `done.json` (`{"ok":true}` or `{"ok":false,"error":…}`).
 * Only who may signal the server and write in DATA_DIR (its user, or root) can ask.
 */
import { mkdir, readdir, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import { snapshot } from './snapshot.js';

/** The folder of pending requests in `dataDir`. */
export const requestsDir = (dataDir: string) => path.join(dataDir, 'backup-requests');
/** The file that marks a request answered. */
export const DONE = 'done.json';
/** The signal that asks the server to take the pending snapshots. */
export const BACKUP_SIGNAL = 'SIGUSR2';

/** Written by a server that answers requests, with its pid: an older one would die of the signal. */
export const SERVING = '.serving';

/** A request folder older than this was abandoned by its command (which waits 10 minutes), ms. */
const ABANDONED_MS = 15 * 60_000;

/** What `done.json` holds. */
export type Done = { ok: true } | { ok: false; error: string };

/** Takes a snapshot for every unanswered request folder; one pass at a time. */
async function answerAll(client: PGlite, dataDir: string, log: (msg: string, error?: Error) => void): Promise<void> {
  const root = requestsDir(dataDir);
  await mkdir(root, { recursive: true });
  for (const name of await readdir(root)) {
    const dir = path.join(root, name);
    if (name === SERVING) continue;
    const info = await stat(dir);
    if (!info.isDirectory()) continue;
    // Left by a command that was stopped: nobody packs it any more.
    if (Date.now() - info.mtimeMs > ABANDONED_MS) {
      await rm(dir, { recursive: true, force: true });
      continue;
    }
    if (await stat(path.join(dir, DONE)).then(() => true, () => false)) continue;
    let done: Done;
    try {
      const began = performance.now();
      const m = await snapshot(client, dataDir, dir);
      log(`backup snapshot taken in ${Math.round(performance.now() - began)} ms (database ${m.databaseMs} ms), ${m.photoFiles} photo files`);
      done = { ok: true };
    } catch (error) {
      log('backup snapshot failed', error as Error);
      done = { ok: false, error: (error as Error).message };
    }
    await writeFile(path.join(dir, DONE), JSON.stringify(done));
  }
}

/**
 * Answers backup requests of `dataDir`, whose database `client` this process holds, on
 * each SIGUSR2; `log` reports each snapshot. Returns the function that stops listening.
 */
export function serveBackupRequests(client: PGlite, dataDir: string, log: (msg: string, error?: Error) => void): () => void {
  let running: Promise<void> = mkdir(requestsDir(dataDir), { recursive: true })
    .then(() => writeFile(path.join(requestsDir(dataDir), SERVING), String(process.pid)))
    .catch((error: unknown) => log('backup requests not served', error as Error));
  const onSignal = () => {
    running = running.then(() => answerAll(client, dataDir, log)).catch((error: unknown) => log('backup requests not read', error as Error));
  };
  process.on(BACKUP_SIGNAL, onSignal);
  return () => void process.off(BACKUP_SIGNAL, onSignal);
}
