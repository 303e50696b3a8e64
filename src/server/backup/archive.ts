/** A backup file: the snapshot folder (snapshot.ts) as one gzipped tar (the `tar` package). */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import * as tar from 'tar';
import { DONE } from './requests.js';
import { PARTS, type Manifest } from './snapshot.js';

/** Packs the snapshot in `dir` into `file` (gzipped tar, mode 0600: it holds the secrets and every account). */
export async function pack(dir: string, file: string): Promise<void> {
  await tar.create({ gzip: true, file, cwd: dir, portable: true, mode: 0o600, filter: (p) => path.basename(p) !== DONE }, ['.']);
}

/**
 * Unpacks backup `file` into the empty folder `dir`.
 * @returns its manifest. @throws Error when `file` is not a Plateful backup.
 */
export async function unpack(file: string, dir: string): Promise<Manifest> {
  await tar.extract({ file, cwd: dir, strict: true });
  const manifest = JSON.parse(await readFile(path.join(dir, PARTS.manifest), 'utf8').catch(() => '{}')) as Partial<Manifest>;
  if (manifest.format !== 'plateful-backup' || manifest.version !== 1) throw new Error(`${file} is not a Plateful backup`);
  return manifest as Manifest;
}
