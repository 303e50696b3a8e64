// The image store: one suite that the store of each database passes,
// files under DATA_DIR on the embedded database, bytes in PostgreSQL otherwise.
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../src/server/db/client.js';
import { images } from '../../../src/server/images/schema.js';
import { openImageStore } from '../../../src/server/images/storage/open.js';
import type { ImageStore } from '../../../src/server/images/storage/store.js';
import { BACKENDS, freshPostgres } from '../harness.js';

const webp = (text: string) => ({ contentType: 'image/webp', bytes: Buffer.from(`RIFF${text}`) });
let counter = 0;
const newId = () => `img${String(++counter).padStart(40, '0')}`;

/** Every file under `dir`, relative. */
function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)));
}

const until = async (check: () => boolean | Promise<boolean>, ms = 3000) => {
  const end = Date.now() + ms;
  while (!(await check()) && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return check();
};

describe.each(BACKENDS)('image store on %s', (backend) => {
  let handle: DatabaseHandle;
  let store: ImageStore;
  let dataDir: string;
  let drop: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    dataDir = mkdtempSync(path.join(tmpdir(), 'plateful-store-test-'));
    const pgdb = backend === 'postgres' ? await freshPostgres() : undefined;
    drop = pgdb?.drop;
    handle = await openDatabase({ databaseUrl: pgdb?.url, dataDir: 'memory://' });
    store = await openImageStore(handle, dataDir);
  });
  afterAll(async () => {
    await store.close();
    await handle.close();
    await drop?.();
    rmSync(dataDir, { recursive: true, force: true });
  });

  /** The file store's folder: `DATA_DIR/images`. */
  const root = () => path.join(dataDir, 'images');

  /** Stores image `id` with `variants` in one transaction, as the repository does. */
  const put = (id: string, variants: { size: number; contentType: string; bytes: Buffer }[]) =>
    handle.db.transaction(async (tx) => {
      await tx.insert(images).values({ id, width: 2, height: 1, placeholder: 'AAAA' }).onConflictDoNothing();
      await store.putVariants(tx, id, variants);
    });

  it('keeps the bytes where the database wants them: files on the embedded one, rows on PostgreSQL', async () => {
    const id = newId();
    await put(id, [{ size: 320, ...webp('small') }, { size: 1600, ...webp('large') }]);
    expect(store.kind).toBe(backend === 'pglite' ? 'files' : 'database');
    const result = await handle.db.execute(sql`select count(*)::int as n from image_variants where image_id = ${id} and bytes is not null`);
    const rows = Array.isArray(result) ? result : (result as unknown as { rows: { n: number }[] }).rows;
    expect(Number((rows[0] as { n: number }).n)).toBe(backend === 'pglite' ? 0 : 2);
    const files = filesUnder(root());
    if (backend === 'pglite') expect(files).toEqual(expect.arrayContaining([path.join(id.slice(0, 2), `${id}.320`), path.join(id.slice(0, 2), `${id}.1600`)]));
    else expect(files).toEqual([]);
  });

  it('reads back what was put; unknown ids and sizes are undefined', async () => {
    const id = newId();
    await put(id, [{ size: 640, ...webp('medium') }]);
    expect(await store.getVariant(handle.db, id, 640)).toEqual({ size: 640, ...webp('medium') });
    expect(await store.getVariant(handle.db, id, 320)).toBeUndefined();
    expect(await store.getVariant(handle.db, newId(), 640)).toBeUndefined();
  });

  it('keeps the first bytes of a size put twice, and takes a further size later (an og:image)', async () => {
    const id = newId();
    await put(id, [{ size: 320, ...webp('first') }]);
    await put(id, [{ size: 320, ...webp('second') }]);
    expect((await store.getVariant(handle.db, id, 320))?.bytes.toString()).toBe('RIFFfirst');
    await put(id, [{ size: 1200, contentType: 'image/jpeg', bytes: Buffer.from('og image') }]);
    expect(await store.getVariant(handle.db, id, 1200)).toEqual({ size: 1200, contentType: 'image/jpeg', bytes: Buffer.from('og image') });
  });

  it('writes atomically: concurrent puts of one image leave whole files and no temporary ones', async () => {
    const id = newId();
    const big = Buffer.alloc(2 * 1024 * 1024, 9);
    await Promise.all(Array.from({ length: 4 }, () => put(id, [{ size: 1024, contentType: 'image/webp', bytes: big }])));
    expect((await store.getVariant(handle.db, id, 1024))?.bytes.equals(big)).toBe(true);
    expect(filesUnder(root()).filter((f) => !/^[\w-]{2}\/[\w-]{43}\.\d+$/.test(f))).toEqual([]);
  });

  it('removes the bytes with their row once the deletion commits, and keeps them when it rolls back', async () => {
    const id = newId();
    await put(id, [{ size: 320, ...webp('doomed') }, { size: 640, ...webp('doomed too') }]);
    const file = path.join(root(), id.slice(0, 2), `${id}.320`);
    await handle.db
      .transaction(async (tx) => {
        await tx.delete(images).where(eq(images.id, id));
        throw new Error('roll back');
      })
      .catch(() => {});
    expect(await store.getVariant(handle.db, id, 320)).toBeDefined();
    if (backend === 'pglite') expect(existsSync(file)).toBe(true);

    await handle.db.delete(images).where(eq(images.id, id));
    expect(await store.getVariant(handle.db, id, 320)).toBeUndefined();
    if (backend === 'pglite') {
      expect(await until(() => filesUnder(root()).every((f) => !f.includes(id)))).toBe(true);
      expect(existsSync(file)).toBe(false);
    }
  });

  it('keeps a file written again after its row was deleted (the same photo uploaded anew)', async () => {
    const id = newId();
    await put(id, [{ size: 320, ...webp('again') }]);
    await handle.db.delete(images).where(eq(images.id, id));
    await put(id, [{ size: 320, ...webp('again') }]);
    await new Promise((r) => setTimeout(r, 300));
    expect((await store.getVariant(handle.db, id, 320))?.bytes.toString()).toBe('RIFFagain');
  });
});

describe('file store on a database that held bytes before', () => {
  it('moves them out to files, serving them all along', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    const dataDir = mkdtempSync(path.join(tmpdir(), 'plateful-store-move-'));
    try {
      const ids = [newId(), newId(), newId()];
      for (const id of ids) {
        await handle.db.insert(images).values({ id, width: 2, height: 1, placeholder: 'AAAA' });
        await handle.db.execute(sql`insert into image_variants (image_id, size, content_type, bytes) values (${id}, 320, 'image/webp', ${Buffer.from(`RIFF${id}`)})`);
      }
      const store = await openImageStore(handle, dataDir);
      for (const id of ids) expect((await store.getVariant(handle.db, id, 320))?.bytes.toString()).toBe(`RIFF${id}`);
      const inDatabase = async () => {
        const result = await handle.db.execute(sql`select count(*)::int as n from image_variants where bytes is not null`);
        const rows = Array.isArray(result) ? result : (result as unknown as { rows: { n: number }[] }).rows;
        return Number((rows[0] as { n: number }).n);
      };
      expect(await until(async () => (await inDatabase()) === 0)).toBe(true);
      expect(filesUnder(path.join(dataDir, 'images'))).toHaveLength(3);
      for (const id of ids) expect((await store.getVariant(handle.db, id, 320))?.bytes.toString()).toBe(`RIFF${id}`);
      await store.close();
    } finally {
      await handle.close();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('image store with DATA_DIR=memory://', () => {
  it('uses a temporary folder that is removed at close', async () => {
    const handle = await openDatabase({ dataDir: 'memory://' });
    const before = new Set(readdirSync(tmpdir()).filter((n) => n.startsWith('plateful-images-')));
    const store = await openImageStore(handle, 'memory://');
    const created = readdirSync(tmpdir()).filter((n) => n.startsWith('plateful-images-') && !before.has(n));
    expect(created).toHaveLength(1);
    await store.close();
    await handle.close();
    expect(existsSync(path.join(tmpdir(), created[0]!))).toBe(false);
  });
});
