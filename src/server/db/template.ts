/**
 * The empty, migrated embedded database as a tarball. Creating a PGlite
 * database runs initdb inside WebAssembly, about 4 s of CPU, most of a first start;
 * loading the same files from a tarball takes a tenth of that. The tarball is made once
 * per migration set (a new PGlite in memory, migrated, `dumpDataDir`), kept gzipped under
 * `node_modules/.cache/plateful/` for later processes and in memory for this one, and
 * keyed by the PGlite version, the extensions and every migration file, so a new
 * migration or PGlite makes a new one. Any failure to read or write the cache only
 * costs the slow path.
 */
import { createHash, randomBytes } from 'node:crypto';
import { mkdirSync, readFileSync, readdirSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { PACKAGE_ROOT } from '../lib/paths.js';

const CACHE_DIR = path.join(PACKAGE_ROOT, 'node_modules', '.cache', 'plateful');
const memo = new Map<string, Promise<Blob>>();

/** Reads a file, or '' when it cannot be read. */
function readOr(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** The key of a template: PGlite's version, the extension names and the migrations folder's files. */
export function templateKey(migrationsFolder: string, extensions: string[]): string {
  const hash = createHash('sha256');
  hash.update(readOr(path.join(PACKAGE_ROOT, 'node_modules', '@electric-sql', 'pglite', 'package.json')));
  hash.update(extensions.join(','));
  for (const dir of [migrationsFolder, path.join(migrationsFolder, 'meta')]) {
    for (const name of readdirSync(dir).sort()) {
      if (name.endsWith('.sql') || name === '_journal.json') hash.update(`${name}\0${readOr(path.join(dir, name))}\0`);
    }
  }
  return hash.digest('hex').slice(0, 24);
}

/**
 * The uncompressed tarball of a migrated, empty database for `key`: from this process's
 * memory, else the disk cache, else made by `build` (a new migrated database whose files
 * are dumped, then closed) and written to the disk cache. `remember`: keep it in memory
 * for the next database of this process (in-memory test databases; 40 MB).
 */
export function migratedTemplate(key: string, build: Build, remember: boolean): Promise<Blob> {
  let pending = memo.get(key);
  if (!pending && !remember) return load(key, build);
  if (!pending) {
    pending = load(key, build);
    memo.set(key, pending);
    pending.catch(() => memo.delete(key));
  }
  return pending;
}

/** Makes a new, migrated database to dump. */
type Build = () => Promise<{ dumpDataDir(compression: 'none'): Promise<File | Blob>; close(): Promise<void> }>;

async function load(key: string, build: Build): Promise<Blob> {
  const file = path.join(CACHE_DIR, `pglite-${key}.tar.gz`);
  try {
    return new Blob([gunzipSync(readFileSync(file))]);
  } catch {
    // Not made yet (or unreadable): make it.
  }
  const client = await build();
  const blob = await client.dumpDataDir('none');
  await client.close();
  try {
    mkdirSync(CACHE_DIR, { recursive: true });
    const partial = `${file}.${randomBytes(4).toString('hex')}`;
    writeFileSync(partial, gzipSync(Buffer.from(await blob.arrayBuffer()), { level: 1 }));
    renameSync(partial, file);
  } catch {
    // A read-only install: every first start makes it again.
  }
  return blob;
}
