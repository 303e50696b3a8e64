/**
 * The embedded database's image store: each variant is a file
 * `<root>/<id[0..1]>/<id>.<size>` named after the image's content address, written
 * atomically (write-file-atomic: a temporary file, fsync, rename) before its row
 * (with `bytes` null) is inserted. Deleting a variant row queues the file in
 * `image_file_removals` and notifies `plateful_image_files` (migration 0009
 * trigger), delivered after commit; the store then unlinks the files whose rows
 * are gone. A file written after its removal was queued (the same photo uploaded
 * again meanwhile) is kept. Rows stored in the database before this store existed
 * are moved out to files in the background after opening (and served from the
 * database until then).
 */
import { mkdir, readFile, rm, stat, unlink } from 'node:fs/promises';
import path from 'node:path';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import writeFileAtomic from 'write-file-atomic';
import type { DatabaseHandle } from '../../db/client.js';
import { imageVariants } from '../schema.js';
import { insertVariants, variantRow } from './database.js';
import type { ImageStore } from './store.js';
import { rowsOf } from '../../db/rows.js';

const CHANNEL = 'plateful_image_files';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Opens the file store in `root` on `database` (the embedded one): subscribes to
 * removals and removes what was queued before. `temporary`: `root` is deleted at close.
 */
export async function openFileStore(database: DatabaseHandle, root: string, opts: { temporary: boolean }): Promise<ImageStore> {
  await mkdir(root, { recursive: true });
  const file = (imageId: string, size: number) => path.join(root, imageId.slice(0, 2), `${imageId}.${size}`);

  let draining: Promise<void> | undefined;
  let again = false;
  let closed = false;
  /** Unlinks the files of every queued removal whose row is gone and that was not written anew since. */
  async function drainOnce(): Promise<void> {
    const removals = rowsOf<{ image_id: string; size: number; removed_at: string | Date; kept: boolean }>(
      await database.db.execute(sql`
        delete from image_file_removals r
        returning r.image_id, r.size, r.removed_at,
          exists (select 1 from image_variants v where v.image_id = r.image_id and v.size = r.size) as kept`),
    );
    for (const r of removals) {
      if (r.kept) continue;
      const target = file(r.image_id, r.size);
      try {
        if ((await stat(target)).mtime <= new Date(r.removed_at)) await unlink(target);
      } catch (error) {
        if (!missing(error)) throw error;
      }
    }
  }
  function drain(): Promise<void> {
    if (draining) {
      again = true;
      return draining;
    }
    draining = (async () => {
      do {
        again = false;
        if (!closed) await drainOnce();
      } while (again);
    })().finally(() => (draining = undefined));
    return draining;
  }
  const quietDrain = () => void drain().catch(() => {});
  const unlisten = await database.listen(CHANNEL, quietDrain);
  await drain();

  /** Moves variant bytes stored in the embedded database before to files, a few rows at a time. */
  async function moveOutOfDatabase(): Promise<void> {
    for (;;) {
      if (closed) return;
      const rows = await database.db
        .select({ imageId: imageVariants.imageId, size: imageVariants.size, bytes: imageVariants.bytes })
        .from(imageVariants)
        .where(isNotNull(imageVariants.bytes))
        .limit(8);
      if (rows.length === 0) return;
      for (const row of rows) {
        const target = file(row.imageId, row.size);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFileAtomic(target, row.bytes!);
        const moved = await database.db
          .update(imageVariants)
          .set({ bytes: null })
          .where(and(eq(imageVariants.imageId, row.imageId), eq(imageVariants.size, row.size)))
          .returning({ size: imageVariants.size });
        // Deleted meanwhile: its file goes too.
        if (moved.length === 0) await unlink(target).catch(() => {});
      }
    }
  }
  const moving = moveOutOfDatabase().catch(() => {});

  return {
    kind: 'files',
    async putVariants(tx, imageId, variants) {
      // A size already stored keeps its file: the row says so.
      const stored = new Set(
        (await tx.select({ size: imageVariants.size }).from(imageVariants).where(eq(imageVariants.imageId, imageId))).map((r) => r.size),
      );
      variants = variants.filter((v) => !stored.has(v.size));
      for (const v of variants) {
        const target = file(imageId, v.size);
        await mkdir(path.dirname(target), { recursive: true });
        await writeFileAtomic(target, v.bytes);
      }
      await insertVariants(tx, imageId, variants, false);
    },
    async getVariant(db, imageId, size) {
      const row = await variantRow(db, imageId, size);
      if (!row) return undefined;
      if (row.bytes) return { size, contentType: row.contentType, bytes: row.bytes };
      try {
        return { size, contentType: row.contentType, bytes: await readFile(file(imageId, size)) };
      } catch (error) {
        if (missing(error)) return undefined;
        throw error;
      }
    },
    async close() {
      closed = true;
      await moving;
      await unlisten();
      await draining?.catch(() => {});
      if (opts.temporary) await rm(root, { recursive: true, force: true });
    },
  };
}
