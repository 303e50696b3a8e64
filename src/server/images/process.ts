/**
 * The photo pipeline, on sharp: decides the format from the bytes,
 * refuses decompression bombs from the header alone, then auto-orients, converts
 * to sRGB, drops every metadata block (EXIF with GPS, XMP, IPTC, ICC: sharp writes
 * none unless asked) and encodes one WebP per width of `IMAGE_WIDTHS`, plus a
 * ThumbHash placeholder. AVIF is not made: encoding it costs several times WebP's
 * time and would break the 1.5 s per 12-megapixel photo budget on two cores.
 */
import { createHash, createHmac } from 'node:crypto';
import type { Metadata, OutputInfo } from 'sharp';
import { rgbaToThumbHash } from 'thumbhash';
import { IMAGE_MAX_PIXELS, IMAGE_WIDTHS, type ImageWidth } from '../../contract/index.js';
import { problem } from '../http/problem.js';
import { loadSharp } from './sharp.js';

/** Formats accepted, as sharp names them (`heif` is checked to be AVIF by its brand). */
export type SourceFormat = 'jpeg' | 'png' | 'webp' | 'avif' | 'gif';

/** A processed photo: the largest variant's size, its placeholder and every variant. */
export interface ProcessedImage {
  width: number;
  height: number;
  /** ThumbHash, base64. */
  placeholder: string;
  variants: { size: ImageWidth; contentType: string; bytes: Buffer }[];
}

/**
 * The public id of uploaded `bytes` (43 characters, base64url): HMAC-SHA-256 under
 * `secret` (AUTH_SECRET) of their SHA-256. The same bytes always get the same id, so
 * uploads stay deduplicated, but nobody without the secret can compute the id of a
 * known file to check whether it was uploaded.
 */
export function imageId(bytes: Buffer, secret: string): string {
  return createHmac('sha256', secret).update(createHash('sha256').update(bytes).digest()).digest('base64url');
}

const ascii = (b: Buffer, start: number, end: number) => b.subarray(start, end).toString('latin1');

/**
 * The format told by the file's magic numbers, or undefined. The name and the
 * declared type of an upload are never trusted.
 */
export function sniffFormat(b: Buffer): SourceFormat | undefined {
  if (b.length < 12) return undefined;
  if (b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'jpeg';
  if (b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'png';
  if (ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP') return 'webp';
  if (ascii(b, 4, 8) === 'ftyp') {
    // ISO-BMFF: major brand at 8, compatible brands after the minor version, up to the box end.
    const boxEnd = Math.min(b.readUInt32BE(0), b.length, 64);
    for (let at = 8; at + 4 <= boxEnd; at += at === 8 ? 8 : 4) {
      if (['avif', 'avis'].includes(ascii(b, at, at + 4))) return 'avif';
    }
  }
  return undefined;
}

const UNSUPPORTED = 'This file is not a photo we can use: send a JPEG, PNG, WebP, AVIF or GIF image.';

/**
 * Reads the header only and checks format and size.
 * @throws 400 problem when the bytes are not an accepted image or decode to more than 40 megapixels.
 */
export async function checkHeader(bytes: Buffer): Promise<SourceFormat> {
  const format = sniffFormat(bytes);
  if (!format) throw problem(400, UNSUPPORTED, { code: 'photo_unsupported' });
  const sharp = await loadSharp();
  let meta: Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw problem(400, UNSUPPORTED, { code: 'photo_unsupported' });
  }
  const expected = format === 'avif' ? 'heif' : format;
  if (meta.format !== expected || !meta.width || !meta.height) throw problem(400, UNSUPPORTED, { code: 'photo_unsupported' });
  const height = meta.pageHeight ?? meta.height;
  if (meta.width * height > IMAGE_MAX_PIXELS) {
    throw problem(400, `This photo is too large: at most ${IMAGE_MAX_PIXELS / 1_000_000} megapixels.`, { code: 'photo_too_large' });
  }
  return format;
}

/**
 * Runs the whole pipeline on uploaded `bytes`.
 * @throws 400 problem for anything but a whole JPEG, PNG, WebP, AVIF or GIF (first frame) of ≤ 40 MP.
 */
export async function processImage(bytes: Buffer): Promise<ProcessedImage> {
  await checkHeader(bytes);
  const sharp = await loadSharp();
  const largest = IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1]!;
  let base: { data: Buffer; info: OutputInfo };
  try {
    // Decoded once at the largest size; the smaller widths resize from these pixels.
    base = await sharp(bytes, { limitInputPixels: IMAGE_MAX_PIXELS, failOn: 'error', pages: 1 })
      .autoOrient()
      .resize({ width: largest, height: largest, fit: 'inside', withoutEnlargement: true })
      .toColourspace('srgb')
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    // Truncated or corrupt data that passed the header check.
    throw problem(400, 'This photo could not be read: the file is damaged or incomplete.', { code: 'photo_unreadable' });
  }
  const raw = { raw: { width: base.info.width, height: base.info.height, channels: base.info.channels } };
  // One after the other: a photo's job uses one core, so the queue (queue.ts) decides how many run.
  const variants: ProcessedImage['variants'] = [];
  for (const size of IMAGE_WIDTHS) {
    const bytes =
      size === largest
        ? await sharp(base.data, raw).webp({ quality: 80 }).toBuffer()
        : await sharp(base.data, raw)
            .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
            .webp({ quality: 78 })
            .toBuffer();
    variants.push({ size, contentType: 'image/webp', bytes });
  }
  const thumb = await sharp(base.data, raw)
    .resize({ width: 100, height: 100, fit: 'inside' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const hash = rgbaToThumbHash(thumb.info.width, thumb.info.height, thumb.data);
  return {
    width: base.info.width,
    height: base.info.height,
    placeholder: Buffer.from(hash).toString('base64'),
    variants,
  };
}
