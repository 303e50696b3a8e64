/**
 * SSE latency (docs/benchmarks.md): from the commit of a transaction that writes a
 * notification to the `notification` event parsed by a client of `/api/events`,
 * in one process (PGlite, PostgreSQL) and across two app instances on one PostgreSQL
 * (LISTEN/NOTIFY). Prints p50/p95/max over `SAMPLES` events, ms.
 * Run: `node --import tsx bench/sse-latency.ts` (PostgreSQL at BENCH_PG_URL, default the local test server).
 */
import { eq } from 'drizzle-orm';
import { users } from '../src/server/db/schema/index.js';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { addNotification } from '../src/server/notifications/repository.js';
import { buildTestApp, freshPostgres, signUp } from '../tests/api/harness.js';
import { openEvents } from '../tests/support/sse.js';

const SAMPLES = 50;
const PG = process.env.BENCH_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
process.env.TEST_DATABASE_URL ??= PG;

async function measure(writer: FastifyInstance, reader: FastifyInstance, port: number): Promise<number[]> {
  await reader.listen({ port, host: '127.0.0.1' });
  const person = await signUp(writer, 'Bench Person');
  const userId = (await writer.db.select({ id: users.id }).from(users).where(eq(users.email, person.email)))[0]!.id;
  const stream = await openEvents(`http://127.0.0.1:${(reader.server.address() as AddressInfo).port}/api/events`, person.cookie);
  await stream.next((e) => e.event === 'unread');
  const out: number[] = [];
  for (let i = 0; i < SAMPLES; i++) {
    const id = await writer.db.transaction((tx) =>
      addNotification(tx, { userId, type: 'request.created', title: `t${i}`, body: 'b', link: '/' }),
    );
    const committed = performance.now();
    const e = await stream.next((ev) => ev.event === 'notification' && ev.id === id, 5000);
    out.push(e.at - committed);
  }
  stream.close();
  return out;
}

const stats = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const q = (p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))]!.toFixed(1);
  return `p50 ${q(0.5)} ms, p95 ${q(0.95)} ms, max ${s[s.length - 1]!.toFixed(1)} ms`;
};

const lite = await buildTestApp(undefined);
console.log(`one process, PGlite:        ${stats(await measure(lite.app, lite.app, 14651))}`);
await lite.app.close();
await lite.database.close();

const db = await freshPostgres();
const a = await buildTestApp(db.url);
const b = await buildTestApp(db.url);
console.log(`one process, PostgreSQL:    ${stats(await measure(a.app, a.app, 14652))}`);
console.log(`two processes, PostgreSQL:  ${stats(await measure(a.app, b.app, 14653))}`);
for (const x of [a, b]) {
  await x.app.close();
  await x.database.close();
}
await db.drop();
