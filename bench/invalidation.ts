/**
 * Benchmark 2b (docs/benchmarks.md): how long after a write is acknowledged by one server process another process
 * stops serving the cached answer it changed. Two compiled Plateful processes (cache on)
 * share the benchmark PostgreSQL; B caches one listing's detail, A changes the listing's
 * quantity (`PUT`), and the time from A's acknowledgement to B's first answer with the
 * new quantity is taken, polling B as fast as it answers. Runs `rounds` times, then
 * deletes the listing.
 */
import { randomBytes } from 'node:crypto';
import { platefulEnv, startPlateful } from './api.js';
import { ms, waitReady } from './lib.js';

const A = 3396;
const B = 3397;

const food = (quantity: number) => ({
  FoodName: 'Bench invalidation soup',
  FoodImage: 'https://images.example.org/soup.jpg',
  FoodQuantity: quantity,
  PickupLocation: '1 Bench Street',
  ExpiredDateTime: new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10),
  AdditionalNotes: 'Measuring the cache.',
});

/** Runs the measurement; returns one table row with the delay's median, p95 and maximum. */
export async function invalidationBenchmark(rounds = 30): Promise<Record<string, string | number>[]> {
  const servers = [startPlateful(platefulEnv(A)), startPlateful(platefulEnv(B))];
  const a = `http://127.0.0.1:${A}`;
  const b = `http://127.0.0.1:${B}`;
  try {
    await waitReady(`${a}/api/ready`);
    await waitReady(`${b}/api/ready`);
    const email = `bench-${randomBytes(4).toString('hex')}@plateful.bench`;
    const signUp = await fetch(`${a}/api/auth/sign-up/email`, {
      method: 'POST',
      // The origin a browser of this server would send (Better Auth refuses Node's fetch without it).
      headers: { 'content-type': 'application/json', origin: `http://localhost:${A}` },
      body: JSON.stringify({ name: 'Bench Donor', email, password: 'bench-password-1' }),
    });
    const cookie = signUp.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const write = (method: string, url: string, body?: unknown) =>
      fetch(`${a}${url}`, { method, headers: { cookie, origin: `http://localhost:${A}`, 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    const created = await write('POST', '/api/foods', food(1));
    if (created.status !== 201) throw new Error(`sign-up ${signUp.status}, POST /api/foods ${created.status}: ${await created.text()}`);
    const { insertedId } = (await created.json()) as { insertedId: string };
    const detail = `${b}/api/foods/${insertedId}`;
    const quantityOnB = async () => ((await (await fetch(detail)).json()) as { FoodQuantity: number }).FoodQuantity;
    const delays: number[] = [];
    for (let i = 2; i < rounds + 2; i++) {
      // B caches the current answer (it is a hit once the previous write's notification has passed).
      for (let tries = 0; ; tries++) {
        const res = await fetch(detail);
        await res.arrayBuffer();
        if (res.headers.get('x-cache') === 'HIT') break;
        if (tries > 10_000) throw new Error(`B never served ${detail} from its cache`);
      }
      const res = await write('PUT', `/api/foods/${insertedId}`, food(i));
      if (!res.ok) throw new Error(`PUT answered ${res.status}`);
      const acknowledged = performance.now();
      for (let tries = 0; (await quantityOnB()) !== i; tries++) {
        if (tries > 10_000) throw new Error(`B never showed the write`);
      }
      delays.push(performance.now() - acknowledged);
    }
    await write('DELETE', `/api/foods/${insertedId}`);
    delays.sort((x, y) => x - y);
    const at = (p: number) => delays[Math.min(delays.length - 1, Math.floor((p / 100) * delays.length))]!;
    return [{ case: `write acknowledged by A → B answers afresh (${rounds} writes)`, p50: ms(at(50)), p95: ms(at(95)), max: ms(delays.at(-1)!) }];
  } finally {
    await Promise.all(servers.map((s) => s.stop()));
  }
}
