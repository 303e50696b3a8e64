/** Picks the image store for the database in use (see store.ts). */
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { DatabaseHandle } from '../../db/client.js';
import { openDatabaseStore } from './database.js';
import { openFileStore } from './files.js';
import type { ImageStore } from './store.js';

/**
 * Opens the store that suits `database`: in the database on PostgreSQL; files under
 * `dataDir/images` on the embedded database, or in a temporary folder removed at
 * close when `dataDir` is `memory://`.
 */
export async function openImageStore(database: DatabaseHandle, dataDir: string): Promise<ImageStore> {
  if (database.kind === 'postgres') return openDatabaseStore();
  const temporary = dataDir === 'memory://';
  const root = temporary ? await mkdtemp(path.join(tmpdir(), 'plateful-images-')) : path.join(dataDir, 'images');
  return openFileStore(database, root, { temporary });
}
