/**
 * A consistent snapshot of an embedded installation (DATA_DIR) into a folder, taken by
 * the process that owns the database (PGlite allows one): the database as PGlite's
 * `dumpDataDir` tarball, the photo files, and the secrets kept in DATA_DIR.
 *
 * Why it is consistent: `dumpDataDir` runs under PGlite's query lock, so it reads the data
 * files and the write-ahead log of one instant between two statements (an open transaction's
 * changes are rolled back when the copy starts, as after a crash). Photo files are never
 * changed in place (content-addressed, written atomically before their row commits, unlinked
 * only after their row is deleted, images/storage/files.ts), so hard links of them are copies;
 * they are linked before the dump and again after it, so a file of every row in the dump is
 * kept unless it was both written after the first pass and unlinked before the second (a photo
 * uploaded and deleted within the milliseconds of the dump).
 */
import { copyFile, link, mkdir, readdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';

/** The name of the database tarball, manifest and folders in a snapshot (and a backup file). */
export const PARTS = { database: 'pglite.tar', manifest: 'manifest.json', images: 'images', secrets: ['auth-secret', 'vapid-keys.json'] } as const;

/** What `manifest.json` says. */
export interface Manifest {
  format: 'plateful-backup';
  version: 1;
  /** ISO 8601, UTC. */
  takenAt: string;
  photoFiles: number;
  /** How long the database was held for its copy, ms. */
  databaseMs: number;
}

/** The PGlite client behind a Drizzle handle over PGlite (its `$client`); undefined for PostgreSQL. */
export function pgliteOf(db: object): PGlite | undefined {
  const client = (db as { $client?: unknown }).$client;
  return client instanceof PGlite ? client : undefined;
}

/** A photo file `<id>.<size>`; write-file-atomic's temporaries have one more suffix. */
const PHOTO_FILE = /^[^.]+\.\d+$/;

/** Hard-links every file under `from` not yet in `to` (same relative path); returns how many `to` holds. */
async function linkTree(from: string, to: string): Promise<number> {
  let count = 0;
  const entries = await readdir(from, { withFileTypes: true }).catch((e: NodeJS.ErrnoException) => {
    if (e.code === 'ENOENT') return [];
    throw e;
  });
  for (const entry of entries) {
    const source = path.join(from, entry.name);
    const target = path.join(to, entry.name);
    if (entry.isDirectory()) {
      count += await linkTree(source, target);
    } else if (entry.isFile() && PHOTO_FILE.test(entry.name)) {
      await mkdir(to, { recursive: true });
      try {
        await link(source, target);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code;
        // EEXIST: linked by the first pass; ENOENT: unlinked meanwhile (its row is gone);
        // EXDEV/EPERM: no hard links here, so copy.
        if (code === 'ENOENT') continue;
        if (code === 'EXDEV' || code === 'EPERM') await copyFile(source, target);
        else if (code !== 'EEXIST') throw e;
      }
      count += 1;
    }
  }
  return count;
}

/**
 * Writes the snapshot of `dataDir`, whose database `client` is open in this process, into
 * the empty folder `into` (on the same file system, for the hard links).
 * @returns the manifest written.
 */
export async function snapshot(client: PGlite, dataDir: string, into: string): Promise<Manifest> {
  const images = path.join(dataDir, PARTS.images);
  await linkTree(images, path.join(into, PARTS.images));
  const began = performance.now();
  const dump = await client.dumpDataDir('none');
  const databaseMs = Math.round(performance.now() - began);
  await writeFile(path.join(into, PARTS.database), Buffer.from(await dump.arrayBuffer()));
  const photoFiles = await linkTree(images, path.join(into, PARTS.images));
  for (const name of PARTS.secrets) {
    await copyFile(path.join(dataDir, name), path.join(into, name)).catch((e: NodeJS.ErrnoException) => {
      if (e.code !== 'ENOENT') throw e;
    });
  }
  const manifest: Manifest = { format: 'plateful-backup', version: 1, takenAt: new Date().toISOString(), photoFiles, databaseMs };
  await writeFile(path.join(into, PARTS.manifest), JSON.stringify(manifest, null, 2));
  return manifest;
}
