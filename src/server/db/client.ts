/**
 * Opens the database: embedded PGlite in `dataDir` by default, PostgreSQL over
 * node-postgres when `databaseUrl` is set (DESIGN.md "Shape of the system"),
 * and applies the versioned migrations of /drizzle.
 */
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { cube } from '@electric-sql/pglite/contrib/cube';
import { earthdistance } from '@electric-sql/pglite/contrib/earthdistance';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { MIGRATIONS, ping, type Database, type DatabaseHandle, type OpenOptions } from './handle.js';
import { lockDataDir } from './lock.js';
import { isMigrated, markMigrated } from './stamp.js';
import { migratedTemplate, templateKey } from './template.js';

export type { Database, DatabaseHandle, OpenOptions } from './handle.js';

/**
 * PGlite's start parameters: its defaults, with 32 MB of shared buffers instead of the
 * 128 MB its postgresql.conf sets (restart time). PostgreSQL zeroes its shared
 * buffers at every start, which in WebAssembly was the largest part of a restart's main
 * thread (0.5–0.75 s of `memset` in a `--cpu-prof`; 32 MB: about a quarter of it).
 * 32 MB (4 096 pages of 8 KB) still holds an embedded instance's listings and indexes;
 * larger instances run on PostgreSQL (`DATABASE_URL`).
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=32MB'];

/**
 * Opens the database and migrates it to the latest version: PostgreSQL when
 * `databaseUrl` is set (postgres.ts, loaded only then), else the embedded database,
 * after taking the DATA_DIR lock (lock.ts).
 * @throws DataDirInUseError when another live process uses the DATA_DIR.
 */
export async function openDatabase(opts: OpenOptions): Promise<DatabaseHandle> {
  if (opts.databaseUrl) return (await import('./postgres.js')).openPostgres({ ...opts, databaseUrl: opts.databaseUrl });
  const memory = opts.dataDir === 'memory://';
  const location = memory ? 'memory://' : path.join(opts.dataDir, 'pglite');
  if (!memory) mkdirSync(location, { recursive: true });
  const unlock = memory ? () => {} : lockDataDir(opts.dataDir);
  try {
    const extensions = { pg_trgm, cube, earthdistance };
    const migrations = templateKey(MIGRATIONS, Object.keys(extensions));
    // A new database starts from the migrated template (template.ts), not from initdb.
    const fresh = memory || !existsSync(path.join(location, 'PG_VERSION'));
    const loadDataDir = fresh
      ? await migratedTemplate(
          migrations,
          async () => {
            const scratch = await PGlite.create('memory://', { extensions, startParams: START_PARAMS });
            await migratePglite(drizzlePglite(scratch) as never, { migrationsFolder: MIGRATIONS });
            return scratch;
          },
          memory,
        )
      : undefined;
    const client = await PGlite.create(location, { extensions, loadDataDir, startParams: START_PARAMS });
    const db = drizzlePglite(client) as unknown as Database;
    // A restart on a database stamped with these migrations skips the check (stamp.ts).
    if (memory || !isMigrated(location, migrations)) {
      await migratePglite(db as never, { migrationsFolder: MIGRATIONS });
      if (!memory) markMigrated(location, migrations);
    }
    return {
      db,
      kind: 'pglite',
      ping: () => ping(() => client.query('select 1')),
      listen: async (channel, onNotify) => {
        const unsubscribe = await client.listen(channel, onNotify);
        return async () => {
          if (!client.closed) await unsubscribe();
        };
      },
      close: () => client.close().finally(unlock),
    };
  } catch (error) {
    unlock();
    throw error;
  }
}
