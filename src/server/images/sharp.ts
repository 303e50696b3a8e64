/**
 * sharp (libvips), loaded with the first photo or preview card rather than at every
 * start (its native module costs about 75 ms of a restart's CPU), and set up
 * once: each photo is processed by one libvips thread and decoded images are not kept,
 * since the processing queue (queue.ts) runs one photo per spare core and memory
 * returns after a burst.
 * @returns sharp's default export.
 */
import type Sharp from 'sharp';

let loading: Promise<typeof Sharp> | undefined;

export function loadSharp(): Promise<typeof Sharp> {
  loading ??= import('sharp').then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return loading;
}
