/**
 * Photo pipeline benchmark (benchmark 6, docs/benchmarks.md): processes a photo-like 12-megapixel JPEG
 * (4000 × 3000, with EXIF) through `processImage` three times and reports the
 * median time, the time per megapixel, and the bytes stored per photo (all WebP
 * variants plus the placeholder). Target: under 1.5 s per 12 MP photo on 2 cores.
 * Alone: `node --import tsx bench/images.ts`.
 */
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { processImage } from '../src/server/images/process.js';
import { printTable } from './lib.js';

/** A 4000 × 3000 JPEG (gradient, shapes and grain, so it compresses like a photo), 90 % quality. */
export async function twelveMegapixelJpeg(): Promise<Buffer> {
  const [width, height] = [4000, 3000];
  const grain = await sharp({ create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: 18 } } })
    .png({ compressionLevel: 1 })
    .toBuffer();
  const scene = Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><defs><linearGradient id="g" x2="1" y2="1"><stop offset="0" stop-color="#d94"/><stop offset="1" stop-color="#264"/></linearGradient></defs>` +
      `<rect width="100%" height="100%" fill="url(#g)"/><circle cx="1300" cy="1500" r="900" fill="#e33"/><rect x="2300" y="700" width="1200" height="1700" rx="200" fill="#fc3"/></svg>`,
  );
  return sharp(scene)
    .composite([{ input: grain, blend: 'soft-light' }])
    .jpeg({ quality: 90 })
    .withExif({ IFD0: { Make: 'BenchCam' } })
    .toBuffer();
}

/** Runs the benchmark; one row per measure. */
export async function imagesBenchmark(): Promise<Record<string, string | number>[]> {
  const input = await twelveMegapixelJpeg();
  await processImage(input); // warm-up: loads libvips' codecs
  const times: number[] = [];
  let stored = 0;
  for (let run = 0; run < 3; run++) {
    const began = performance.now();
    const image = await processImage(input);
    times.push(performance.now() - began);
    stored = image.variants.reduce((sum, v) => sum + v.bytes.length, 0) + image.placeholder.length;
  }
  const median = times.sort((a, b) => a - b)[1]!;
  return [
    { measure: 'input: 4000 × 3000 JPEG', value: `${(input.length / 1024 / 1024).toFixed(1)} MB` },
    { measure: 'processing, median of 3', value: `${median.toFixed(0)} ms` },
    { measure: 'processing per megapixel', value: `${(median / 12).toFixed(0)} ms/MP` },
    { measure: 'stored per photo (WebP 320/640/1024/1600 + ThumbHash)', value: `${(stored / 1024).toFixed(0)} KB` },
  ];
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  printTable('Photos: one 12-megapixel JPEG through the pipeline', await imagesBenchmark());
}
