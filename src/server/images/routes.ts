/**
 * Routes of `/api/images`: `POST` uploads one photo (multipart part
 * `file`, signed-in only), `GET /{id}?w=` serves a variant for ever-caching,
 * `GET /{id}/meta` answers size and placeholder, and `GET /proxy?url=` (with
 * `IMAGE_PROXY=true`) re-serves an external image through the same pipeline.
 * Uploads count against `UPLOAD_LIMIT` per account and are processed
 * through the bounded queue (queue.ts); bytes go to `app.imageStore`.
 */
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  IMAGE_MAX_BYTES,
  IMAGE_WIDTHS,
  ImageInfo,
  ImageParams,
  ImageProxyQuery,
  ImageQuery,
  type ImageWidth,
} from '../../contract/index.js';
import type { Config } from '../config.js';
import { consume } from '../http/limits.js';
import { UPLOAD_LIMIT } from './limits.js';
import { problem } from '../http/problem.js';
import { imageId, processImage } from './process.js';
import { fetchExternalImage } from './proxy.js';
import { createProcessingQueue } from './queue.js';
import { findImage, findImageBySource, storeImage, toImageInfo, touchImage } from './repository.js';

const FOREVER = 'public, max-age=31536000, immutable';
const LARGEST = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;

/** Headers every image answer carries: other origins may embed them (CORP), nobody sniffs them. */
function imageHeaders(reply: FastifyReply, cacheControl: string): void {
  reply
    .header('cache-control', cacheControl)
    .header('x-content-type-options', 'nosniff')
    .header('cross-origin-resource-policy', 'cross-origin');
}

/** Sends variant `size` of image `id` with a strong ETag; 304 when the client has it. */
async function sendVariant(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, id: string, size: ImageWidth, cacheControl: string) {
  const etag = `"${id}-${size}"`;
  imageHeaders(reply, cacheControl);
  reply.header('etag', etag);
  const match = req.headers['if-none-match'];
  if (match && match.split(',').some((t) => t.trim().replace(/^W\//, '') === etag)) return reply.status(304).send();
  const variant = await app.imageStore.getVariant(app.db, id, size);
  if (!variant) {
    reply.removeHeader('etag').header('cache-control', 'no-store');
    throw problem(404, 'No image has this id.');
  }
  return reply.type(variant.contentType).send(variant.bytes);
}

/** Registers the image routes; `config.imageProxy` enables `/api/images/proxy`. */
export async function imageRoutes(app: FastifyInstance, opts: { config: Config }) {
  const { config } = opts;
  const queue = createProcessingQueue({ workers: config.imageWorkers, waiting: config.imageQueue });
  await app.register(multipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 0, parts: 1, headerPairs: 50 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.post('/api/images', { schema: { tags: ['images'], response: { 201: ImageInfo } } }, async (req, reply) => {
    const user = await req.requireUser({ fresh: true });
    if (!req.isMultipart()) throw problem(400, 'Send the photo as multipart/form-data with one part named file.');
    const allowed = await consume(app.db, `upload:${user.id}`, UPLOAD_LIMIT);
    if (!allowed.allowed) {
      throw problem(429, `You have uploaded ${UPLOAD_LIMIT.max} photos within an hour. Please try again later.`, { retryAfter: allowed.retryAfter });
    }
    const file = await req.file().catch(() => undefined);
    if (!file || file.fieldname !== 'file') throw problem(400, 'Send the photo as multipart/form-data with one part named file.');
    const tooLarge = () => problem(413, `This photo is too large: at most ${IMAGE_MAX_BYTES / 1024 / 1024} MB.`);
    // toBuffer() throws a 413 (RequestFileTooLargeError) past `fileSize`, but not always:
    // the part is checked for truncation after it was read.
    const bytes = await file.toBuffer().catch((error: { statusCode?: number }) => {
      if (error.statusCode === 413) throw tooLarge();
      throw problem(400, 'The upload was cut off.');
    });
    if (file.file.truncated || bytes.length > IMAGE_MAX_BYTES) throw tooLarge();
    // Content-addressed: bytes stored before are answered without processing them again.
    const id = imageId(bytes, config.authSecret);
    const known = await touchImage(app.db, id, user.id);
    if (known) return reply.status(201).send(toImageInfo(known));
    const image = await queue.run(() => processImage(bytes));
    await storeImage(app.db, app.imageStore, id, image, { uploaderId: user.id });
    const row = (await findImage(app.db, id))!;
    return reply.status(201).send(toImageInfo(row));
  });

  r.get(
    '/api/images/proxy',
    { schema: { tags: ['images'], querystring: ImageProxyQuery } },
    async (req, reply) => {
      if (!config.imageProxy) throw problem(404, 'The image proxy is not enabled on this server.');
      const { url, w } = req.query;
      let row = await findImageBySource(app.db, url);
      if (!row) {
        const bytes = await fetchExternalImage(url, { allowPrivate: config.imageProxyAllowPrivate });
        const id = imageId(bytes, config.authSecret);
        const image = await queue.run(() => processImage(bytes));
        await storeImage(app.db, app.imageStore, id, image, { sourceUrl: url });
        row = (await findImage(app.db, id))!;
      }
      // The same URL may show other content tomorrow: cached for a day, not for ever.
      return sendVariant(app, req, reply, row.id, (w ?? LARGEST) as ImageWidth, 'public, max-age=86400');
    },
  );

  r.get(
    '/api/images/:id',
    { schema: { tags: ['images'], params: ImageParams, querystring: ImageQuery } },
    async (req, reply) => sendVariant(app, req, reply, req.params.id, (req.query.w ?? LARGEST) as ImageWidth, FOREVER),
  );

  r.get(
    '/api/images/:id/meta',
    { schema: { tags: ['images'], params: ImageParams, response: { 200: ImageInfo } } },
    async (req, reply) => {
      const row = await findImage(app.db, req.params.id);
      if (!row) throw problem(404, 'No image has this id.');
      imageHeaders(reply, FOREVER);
      return toImageInfo(row);
    },
  );
}
