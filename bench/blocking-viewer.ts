/**
 * Benchmark 2d (docs/benchmarks.md "The search"): a signed-in person who has blocked someone.
 * Their reads keep the viewer's columns in SQL (src/server/foods/viewer-facts.ts: blocks
 * and requests are then read by the statement, not from the facts each process keeps), so
 * this measures those statements. A new person signs up on a compiled Plateful with
 * `CACHE=off` on the 100k fixture and blocks the donor of the first available listing; per
 * query, anonymous and that person's loads take turns (50 connections, `seconds` in all,
 * three rounds), as in benchmark 1. Prints requests/s of both and their ratio.
 */
import { load, loadInTurns, platefulEnv, startPlateful } from './api.js';
import { ms, waitReady } from './lib.js';
import { availableFoodId, benchQuery, sessionCookie, sessionUser } from './session.js';

const PORT = 3398;

/** The table rows: per query, anonymous and blocking reader req/s, the ratio and the reader's p95. */
export async function blockingViewerBenchmark(seconds = 6): Promise<Record<string, string | number>[]> {
  const server = startPlateful(platefulEnv(PORT, { CACHE: 'off' }));
  const origin = `http://127.0.0.1:${PORT}`;
  let reader: string | undefined;
  try {
    await waitReady(`${origin}/api/ready`);
    const cookie = await sessionCookie(PORT);
    reader = (await sessionUser(PORT, cookie)).id;
    const id = await availableFoodId();
    const donor = ((await (await fetch(`${origin}/api/foods/${id}`)).json()) as { Donator: { _id: string } }).Donator._id;
    const blocked = await fetch(`${origin}/api/blocks`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', origin: `http://localhost:${PORT}` },
      body: JSON.stringify({ UserId: donor }),
    });
    if (blocked.status !== 201) throw new Error(`the block answered ${blocked.status}: ${await blocked.text()}`);
    const queries: [string, string][] = [
      ['featured (quantity, limit 6)', '/api/foods?sortByQuantity=true&limit=6'],
      ['list by date (limit 24)', '/api/foods?sortByDate=dec&limit=24'],
      ['search "tomato" (limit 24)', '/api/foods?sortByDate=dec&search=tomato&limit=24'],
      // Another listing than the blocked donor's: the page answers 404 for theirs.
      ['detail', `/api/foods/${(await fetchOtherId(origin, donor)) ?? id}`],
    ];
    const rows: Record<string, string | number>[] = [];
    for (const [query, path] of queries) {
      const targets: [string, Record<string, string>][] = [
        [`${origin}${path}`, {}],
        [`${origin}${path}`, { cookie }],
      ];
      for (const [url, headers] of targets) await load(url, 1, 50, headers);
      const [anonymous, blocking] = await loadInTurns(targets, seconds, 50, 3);
      rows.push({
        query,
        'anonymous req/s': Math.round(anonymous!.rps),
        'with a block req/s': Math.round(blocking!.rps),
        'with a block/anon': (blocking!.rps / anonymous!.rps).toFixed(2),
        'with a block p95': ms(blocking!.p95),
        failed: anonymous!.failed + blocking!.failed,
      });
    }
    return rows;
  } finally {
    await server.stop();
    // The fixture stays as seeded.
    if (reader) await benchQuery('delete from blocks where blocker_id = $1', [reader]);
  }
}

/** The id of an available listing whose donor is not `donor`, from the list by date. */
async function fetchOtherId(origin: string, donor: string): Promise<string | undefined> {
  const foods = (await (await fetch(`${origin}/api/foods?sortByDate=dec&limit=24`)).json()) as { _id: string; Donator: { _id: string } }[];
  return foods.find((f) => f.Donator._id !== donor)?._id;
}
