// Issue 21 (restart time): an embedded database whose folder is stamped with the current
// migrations opens without Drizzle's migration check; any other stamp (a database last
// migrated by an older release) is migrated as before. The stamp is embedded-only.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../src/server/db/client.js';

const dir = mkdtempSync(path.join(tmpdir(), 'plateful-stamp-'));
const stampFile = path.join(dir, 'pglite', 'plateful-migrations');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Whether `foods.public_earth` (made by the latest migration, 0019) exists. */
async function hasPublicEarth(handle: DatabaseHandle): Promise<boolean> {
  const result = (await handle.db.execute(
    sql`select count(*)::int as n from information_schema.columns where table_name = 'foods' and column_name = 'public_earth'`,
  )) as unknown as { rows: { n: number }[] };
  return result.rows[0]!.n === 1;
}

/** Undoes migration 0019 as if the folder came from the release before it. */
async function undoLatestMigration(handle: DatabaseHandle): Promise<void> {
  await handle.db.execute(sql`alter table foods drop column public_earth`);
  await handle.db.execute(sql`delete from drizzle.__drizzle_migrations where id = (select max(id) from drizzle.__drizzle_migrations)`);
}

describe('the migration stamp of an embedded database', () => {
  it('is written on the first start and lets a restart skip the check', async () => {
    let db = await openDatabase({ dataDir: dir });
    const key = readFileSync(stampFile, 'utf8');
    expect(key).toMatch(/^[0-9a-f]{24}$/);
    await undoLatestMigration(db);
    await db.close();
    // Stamped with the current migrations: nothing is checked, so the undone migration stays undone.
    db = await openDatabase({ dataDir: dir });
    expect(await hasPublicEarth(db)).toBe(false);
    await db.close();
  });

  it('migrates a database stamped with other migrations, then stamps it anew', async () => {
    const key = readFileSync(stampFile, 'utf8');
    writeFileSync(stampFile, 'an-older-release');
    const db = await openDatabase({ dataDir: dir });
    expect(await hasPublicEarth(db)).toBe(true);
    expect(readFileSync(stampFile, 'utf8')).toBe(key);
    await db.close();
  });
});
