/**
 * Benchmark 2c (docs/benchmarks.md): a signed-in browser revalidating its own unchanged list
 * (private conditional answers, src/server/cache/private-etags.ts). A new person signs up on a
 * compiled Plateful with `CACHE=off` on the 100k fixture and is given 24 listings; their
 * list `GET /api/foods?email=…` is read once for its ETag, then loaded by one connection for
 * `seconds` with `If-None-Match` (answered 304 after the session check, without the list's
 * query) and, for comparison, without it (the full 200 answer). Latencies in ms.
 */
import { load, platefulEnv, startPlateful } from './api.js';
import { ms, waitReady } from './lib.js';
import { benchQuery, sessionCookie, sessionUser } from './session.js';

const PORT = 3397;

/** Gives the person `email` (`id`) 24 listings copied from the fixture's first available ones. */
async function giveListings(id: string, email: string): Promise<void> {
  await benchQuery(
    `insert into foods (name, image_url, quantity, pickup_location, expires_on, notes, donor_id, donor_name, donor_image, donor_email, category)
     select name, image_url, quantity, pickup_location, expires_on, notes, $1, 'Bench Reader', donor_image, $2, category
     from foods where expires_on >= current_date order by id limit 24`,
    [id, email],
  );
}

/** The table rows: the 304 revalidation and the full answer of the same list, 1 connection each. */
export async function revalidationBenchmark(seconds = 5): Promise<Record<string, string | number>[]> {
  const server = startPlateful(platefulEnv(PORT, { CACHE: 'off' }));
  let donor: string | undefined;
  try {
    await waitReady(`http://127.0.0.1:${PORT}/api/ready`);
    const cookie = await sessionCookie(PORT);
    const user = await sessionUser(PORT, cookie);
    donor = user.id;
    await giveListings(donor, user.email);
    const url = `http://127.0.0.1:${PORT}/api/foods?email=${encodeURIComponent(user.email)}`;
    const first = await fetch(url, { headers: { cookie } });
    const etag = first.headers.get('etag');
    const rows = (await first.json()) as unknown[];
    if (!first.ok || !etag) throw new Error(`the own list answered ${first.status} without an ETag`);
    const conditional = { cookie, 'if-none-match': etag };
    await load(url, 1, 1, conditional);
    const revalidated = await load(url, seconds, 1, conditional);
    await load(url, 1, 1, { cookie });
    const full = await load(url, seconds, 1, { cookie });
    return [
      { answer: `304 Not Modified (If-None-Match, ${rows.length} listings unchanged)`, 'req/s': Math.round(revalidated.rps), p50: ms(revalidated.p50), p95: ms(revalidated.p95), p99: ms(revalidated.p99), '304s': revalidated.notModified, failed: revalidated.failed },
      { answer: `200 the full list (${rows.length} listings)`, 'req/s': Math.round(full.rps), p50: ms(full.p50), p95: ms(full.p95), p99: ms(full.p99), '304s': full.notModified, failed: full.failed },
    ];
  } finally {
    await server.stop();
    // The fixture stays 100 000 listings for the next run.
    if (donor) await benchQuery('delete from foods where donor_id = $1', [donor]);
  }
}
