/**
 * Which migrations an embedded database already has (restart time): after
 * migrating, the key of the migration set (`templateKey`: PGlite version, extensions,
 * every migration file) is written into the database's own folder, so a restart with
 * the same migrations skips Drizzle's migration check (its statements are the first a
 * cold PGlite runs, ~0.1 s). The stamp lives inside the folder it describes, so a
 * folder restored from a backup carries its own; any other key (new migrations, a
 * newer PGlite) migrates as before.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const STAMP = 'plateful-migrations';

/** True when the database in folder `location` was migrated to migration set `key`. */
export function isMigrated(location: string, key: string): boolean {
  try {
    return readFileSync(path.join(location, STAMP), 'utf8') === key;
  } catch {
    return false;
  }
}

/** Records that the database in folder `location` is migrated to `key` (best effort: a failure only costs the check). */
export function markMigrated(location: string, key: string): void {
  try {
    writeFileSync(path.join(location, STAMP), key);
  } catch {
    // read-only folder: the next start checks again
  }
}
