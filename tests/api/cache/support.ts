/**
 * Helpers of the public answer cache tests: polling until a condition holds, anonymous
 * reads, reads served from the cache (`X-Cache: HIT`, sent with {@link DEBUG}).
 */
import type { TestApp } from '../harness.js';

type App = TestApp['app'];

/** Polls `check` every 2 ms until it holds; resolves with the milliseconds it took. */
export async function within(ms: number, check: () => Promise<boolean>): Promise<number> {
  const began = performance.now();
  for (;;) {
    if (await check()) return performance.now() - began;
    if (performance.now() - began > ms) throw new Error(`not within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 2));
  }
}

/** An anonymous GET of `url` with `headers`; returns the raw answer. */
export const anon = (app: App, url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

/**
 * Reads `url` anonymously until the answer comes from the cache: a write's own NOTIFY may
 * reach the process after its answer, dropping what was cached in between (PostgreSQL).
 */
export async function cached(app: App, url: string) {
  await within(2000, async () => (await anon(app, url)).headers['x-cache'] === 'HIT');
  return anon(app, url);
}

/** The anonymous list these tests watch: listings whose name holds "cache", newest first. */
export const LIST = '/api/foods?sortByDate=dec&search=cache';
/** These tests watch hits and misses: `X-Cache` is only sent when the debug setting asks. */
export const DEBUG = { CACHE_DEBUG_HEADER: 'true' };
/** The FoodName of each listing of a list answer. */
export const names = (res: { json(): { FoodName: string }[] }) => res.json().map((f) => f.FoodName);
