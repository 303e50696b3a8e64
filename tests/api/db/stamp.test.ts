// Restart time: an embedded database whose folder is stamped with the current
// migrations opens without Drizzle's migration check; any other stamp (a database last
// migrated by an older release) is migrated as before and stamped anew. Embedded only.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.js';

const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** A new data folder and the path of its stamp. */
function dataDir(): { dir: string; stamp: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'plateful-stamp-'));
  dirs.push(dir);
  return { dir, stamp: path.join(dir, 'pglite', 'plateful-migrations') };
}

/** Rows in Drizzle's migration journal table, or null when the table is gone. */
async function journalRows(handle: DatabaseHandle): Promise<number | null> {
  const found = (await handle.db.execute(sql`select to_regclass('drizzle.__drizzle_migrations') is not null as present`)) as unknown as {
    rows: { present: boolean }[];
  };
  if (!found.rows[0]!.present) return null;
  const rows = (await handle.db.execute(sql`select count(*)::int as n from drizzle.__drizzle_migrations`)) as unknown as { rows: { n: number }[] };
  return rows.rows[0]!.n;
}

describe('the migration stamp of an embedded database', () => {
  it('is written on the first start and lets a restart skip the migration check', async () => {
    const { dir, stamp } = dataDir();
    let db = await openDatabase({ dataDir: dir });
    expect(readFileSync(stamp, 'utf8')).toMatch(/^[0-9a-f]{24}$/);
    expect(await journalRows(db)).toBeGreaterThan(0);
    // Without its journal, a migration check would create it anew and re-run every migration (and fail).
    await db.db.execute(sql`drop table drizzle.__drizzle_migrations`);
    await db.close();
    db = await openDatabase({ dataDir: dir });
    expect(await journalRows(db)).toBeNull();
    await db.close();
  });

  it('checks the migrations of a database stamped with others, then stamps it anew', async () => {
    const { dir, stamp } = dataDir();
    let db = await openDatabase({ dataDir: dir });
    const key = readFileSync(stamp, 'utf8');
    const applied = await journalRows(db);
    await db.close();
    // As if an older release had migrated the folder last.
    writeFileSync(stamp, 'an-older-release');
    db = await openDatabase({ dataDir: dir });
    expect(readFileSync(stamp, 'utf8')).toBe(key);
    expect(await journalRows(db)).toBe(applied);
    await db.close();
  });
});
