/**
 * Single writer on the embedded database: PGlite has no server to
 * arbitrate, so two processes on one DATA_DIR would each write the same files
 * and lose acknowledged writes. A lock file `<dataDir>/server.lock` holds the
 * owner's pid; a second process refuses to start while that pid lives. A lock
 * left by a killed process (pid gone, or our own pid after a container restart)
 * is taken over.
 */
import { closeSync, openSync, readFileSync, unlinkSync, writeSync } from 'node:fs';
import path from 'node:path';

/** Raised when another live process holds the lock; the message is the one line `main.ts` prints. */
export class DataDirInUseError extends Error {}

function alive(pid: number): boolean {
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Takes the lock of `dataDir` for this process.
 * @returns the function that releases it (idempotent).
 * @throws DataDirInUseError "DATA_DIR <dir> is in use by process <pid>".
 */
export function lockDataDir(dataDir: string): () => void {
  const file = path.join(dataDir, 'server.lock');
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // 'wx': created only when absent, atomically, so two starts cannot both win.
      const fd = openSync(file, 'wx', 0o600);
      writeSync(fd, String(process.pid));
      closeSync(fd);
      let released = false;
      const release = () => {
        if (released) return;
        released = true;
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) unlinkSync(file);
        } catch {
          // Already gone.
        }
      };
      process.once('exit', release);
      return release;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    let owner: number;
    try {
      owner = Number(readFileSync(file, 'utf8').trim());
    } catch {
      continue; // Removed meanwhile: try again.
    }
    if (alive(owner)) throw new DataDirInUseError(`DATA_DIR ${dataDir} is in use by process ${owner}`);
    // Stale: its owner is gone.
    try {
      unlinkSync(file);
    } catch {
      // Another starter removed it first.
    }
  }
  throw new DataDirInUseError(`DATA_DIR ${dataDir} is in use by another process`);
}
