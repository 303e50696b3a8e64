/** Test photos made with sharp, a multipart upload helper for `/api/images`, and a count of stored images. */
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import type { Person } from '../harness.js';

/** A photo-like test image (gradient plus a little noise) of `width` × `height`. */
export async function photo(width: number, height: number, seed = 0) {
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian' as const, mean: 120 + seed, sigma: 12 } },
  })
    .png()
    .toBuffer();
  const gradient = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g"><stop offset="0" stop-color="#c33"/><stop offset="1" stop-color="#3a6"/></linearGradient></defs><rect width="100%" height="100%" fill="url(#g)"/><circle cx="${width / 3}" cy="${height / 2}" r="${height / 4}" fill="#fd0"/></svg>`,
  );
  return sharp(gradient).composite([{ input: noise, blend: 'soft-light' }]);
}

/** A JPEG carrying EXIF with GPS coordinates, an orientation, and XMP. */
export async function jpegWithGps(width: number, height: number, orientation = 1) {
  return (await photo(width, height))
    .jpeg({ quality: 85 })
    .withMetadata({ orientation })
    .withExifMerge({
      IFD0: { Make: 'PlatefulCam', Model: 'Phone 1' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '52/1 31/1 12/1', GPSLongitudeRef: 'E', GPSLongitude: '13/1 24/1 36/1' },
    })
    .withXmp('<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"/></x:xmpmeta>')
    .toBuffer();
}

/** POSTs `bytes` as multipart part `name` (default `file`) to `/api/images`, as `who`. */
export function upload(
  app: FastifyInstance,
  who: Person | null,
  bytes: Buffer,
  opts: { filename?: string; type?: string; name?: string } = {},
) {
  const boundary = '----plateful-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.name ?? 'file'}"; filename="${opts.filename ?? 'photo.jpg'}"\r\n` +
      `Content-Type: ${opts.type ?? 'image/jpeg'}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return app.inject({
    method: 'POST',
    url: '/api/images',
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(who ? { cookie: who.cookie } : {}) },
    payload: Buffer.concat([head, bytes, tail]),
  });
}

/** How many images (rows of `images`, one a distinct upload) `app`'s database holds. */
export async function storedImages(app: FastifyInstance): Promise<number> {
  const result = await app.db.execute(sql`select count(*)::int as n from images`);
  const rows = Array.isArray(result) ? result : (result as unknown as { rows: { n: number }[] }).rows;
  return Number((rows[0] as { n: number }).n);
}
